import { Link } from "wouter";
import { Button } from "@/components/ui/button.tsx";

type HeroProps = { onGetStarted?: () => void };

/** The landing hero; Get Started shows only when a sign-in action is given (signed out). */
export function Hero({ onGetStarted }: HeroProps) {
  return (
    <section className="bg-gradient-to-b from-orange-50 to-background">
      <div className="mx-auto flex max-w-6xl flex-col items-center px-4 py-20 text-center md:py-28">
        <p className="mb-4 rounded-full bg-accent px-3 py-1 text-sm font-medium text-accent-foreground">
          Pickup basketball, organised
        </p>
        <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight md:text-6xl">
          Find Your Court, Find Your Crew
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-muted-foreground">
          Find courts near you, meet players of your level and get a game going. Ball with the Bros
          is coming to your city soon.
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link href="/waitlist">Join Waitlist</Link>
          </Button>
          {onGetStarted && (
            <Button size="lg" variant="outline" onClick={onGetStarted}>
              Get Started
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
