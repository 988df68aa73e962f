import { Award, MapPin, TrendingUp, Users } from "lucide-react";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { LandingSection } from "./landing-section.tsx";

/** Spec §2 feature cards. */
const FEATURES = [
  {
    title: "Find Courts",
    text: "Courts near you on a map, with lights, surface and who is there right now.",
    icon: MapPin,
  },
  {
    title: "Connect & Match",
    text: "Meet bros of your level nearby and get invited to runs that fit your game.",
    icon: Users,
  },
  {
    title: "Earn Badges",
    text: "Show up, play and collect badges from Hot Shooter to Legend along the way.",
    icon: Award,
  },
  {
    title: "Track Progress",
    text: "Games, courts, win rate and streaks, tracked for you after every run.",
    icon: TrendingUp,
  },
] as const;

export function FeaturesSection() {
  return (
    <LandingSection
      id="features"
      title="Features"
      intro="Everything you need to get on the court and keep getting better."
      className="bg-muted"
    >
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map(({ title, text, icon: Icon }) => (
          <li key={title}>
            <Card className="h-full">
              <CardHeader>
                <span className="mb-2 flex size-12 items-center justify-center rounded-xl bg-accent">
                  <Icon className="size-6 text-primary" aria-hidden="true" />
                </span>
                <CardTitle>{title}</CardTitle>
                <CardDescription>{text}</CardDescription>
              </CardHeader>
            </Card>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
