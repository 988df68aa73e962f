import { Award, MapPin, TrendingUp, Users } from "lucide-react";
import { Link } from "wouter";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.tsx";

/** Spec §2 feature cards. */
const FEATURES = [
  {
    title: "Find Courts",
    text: "Courts near you on a map, with lights, surface and who is there.",
    icon: MapPin,
  },
  {
    title: "Connect & Match",
    text: "Meet bros of your level and get invited to runs.",
    icon: Users,
  },
  { title: "Earn Badges", text: "Show up, play and collect badges along the way.", icon: Award },
  {
    title: "Track Progress",
    text: "Games, courts and streaks, tracked for you.",
    icon: TrendingUp,
  },
] as const;

export function FeaturesSection() {
  return (
    <section
      id="features"
      aria-labelledby="features-title"
      className="mx-auto max-w-6xl scroll-mt-20 px-4 py-16"
    >
      <h2 id="features-title" className="text-3xl font-bold tracking-tight">
        Features
      </h2>
      <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map(({ title, text, icon: Icon }) => (
          <Card key={title}>
            <CardHeader>
              <Icon className="size-8 text-primary" aria-hidden="true" />
              <CardTitle>{title}</CardTitle>
              <CardDescription>{text}</CardDescription>
            </CardHeader>
          </Card>
        ))}
      </div>
    </section>
  );
}

export function AboutSection() {
  return (
    <section id="about" aria-labelledby="about-title" className="bg-muted scroll-mt-20">
      <div className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="about-title" className="text-3xl font-bold tracking-tight">
          About
        </h2>
        <p className="mt-4 max-w-3xl text-muted-foreground">
          Ball with the Bros is a community for everyday basketball players. We are in pre-launch:
          join the waitlist and we will let you know when your city goes live.
        </p>
      </div>
    </section>
  );
}

export function ContactSection() {
  return (
    <section
      id="contact"
      aria-labelledby="contact-title"
      className="mx-auto max-w-6xl scroll-mt-20 px-4 py-16"
    >
      <h2 id="contact-title" className="text-3xl font-bold tracking-tight">
        Contact
      </h2>
      <p className="mt-4 max-w-3xl text-muted-foreground">
        Questions, ideas, or a court we should know about?{" "}
        <Link href="/contact" className="font-medium text-primary underline underline-offset-4">
          Send us a message
        </Link>
        .
      </p>
    </section>
  );
}
