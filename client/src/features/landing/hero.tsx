import { PRODUCT_NAME } from "@common/constants.ts";
import { Loader2, MapPin } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button.tsx";
import { LiveCounters } from "./live-counters.tsx";
import { useFindCourtsNearMe } from "./use-find-courts-near-me.ts";

/** The landing hero (product §2): the tagline, Join Waitlist, Find Courts Near Me, live counters. */
export function Hero() {
  const { findCourtsNearMe, locating } = useFindCourtsNearMe();
  return (
    <section aria-labelledby="hero-title" className="bg-gradient-to-b from-orange-50 to-background">
      <div className="mx-auto flex max-w-6xl flex-col items-center px-4 pt-16 pb-8 text-center md:pt-24 md:pb-14">
        <p className="mb-4 rounded-full bg-accent px-3 py-1 text-sm font-medium text-accent-foreground">
          Pickup basketball, organised
        </p>
        <h1
          id="hero-title"
          className="max-w-3xl text-4xl font-extrabold tracking-tight text-balance md:text-6xl"
        >
          Find Your Court, Find Your Crew
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-muted-foreground">
          Find courts near you, meet players of your level and get a game going. {PRODUCT_NAME} is
          coming to your city soon.
        </p>
        <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Button asChild size="lg">
            <Link href="/waitlist">Join Waitlist</Link>
          </Button>
          <Button
            size="lg"
            variant="outline"
            onClick={findCourtsNearMe}
            disabled={locating}
            aria-busy={locating}
          >
            {locating ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <MapPin aria-hidden="true" />
            )}
            {locating ? "Finding your location..." : "Find Courts Near Me"}
          </Button>
        </div>
        <div className="mt-12 w-full">
          <LiveCounters />
        </div>
      </div>
    </section>
  );
}
