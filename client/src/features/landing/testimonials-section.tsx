import { Quote } from "lucide-react";
import { Card, CardContent } from "@/components/ui/card.tsx";
import { LandingSection } from "./landing-section.tsx";

/** Spec §2: three sample testimonials (pre-launch; the intro says they are samples). */
const TESTIMONIALS = [
  {
    quote:
      "Found a Saturday run two blocks from my place. I haven't missed a week since, and the crew keeps growing.",
    name: "Marcus J.",
    detail: "Point Guard · Los Angeles",
  },
  {
    quote:
      "Matching by skill is the real deal. Every game is competitive and nobody gets stuck on the sideline.",
    name: "Tasha R.",
    detail: "Shooting Guard · Chicago",
  },
  {
    quote:
      "New city, no friends who hoop. Within a week I had a regular crew and a court with lights.",
    name: "Devon K.",
    detail: "Center · Houston",
  },
] as const;

const initials = (name: string) =>
  name
    .split(" ")
    .map((part) => part[0])
    .join("");

export function TestimonialsSection() {
  return (
    <LandingSection
      id="testimonials"
      title="What the Bros Are Saying"
      intro="Sample stories of the games we're building for. Yours could be next."
    >
      <ul className="grid gap-4 md:grid-cols-3">
        {TESTIMONIALS.map(({ quote, name, detail }) => (
          <li key={name}>
            <Card className="h-full">
              <CardContent className="flex h-full flex-col gap-4 pt-6">
                <Quote className="size-8 text-brand" aria-hidden="true" />
                <blockquote className="flex-1 text-foreground">“{quote}”</blockquote>
                <div className="flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="flex size-10 items-center justify-center rounded-full bg-accent font-semibold text-accent-foreground"
                  >
                    {initials(name)}
                  </span>
                  <p className="text-sm">
                    <span className="block font-semibold">{name}</span>
                    <span className="text-muted-foreground">{detail}</span>
                  </p>
                </div>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
