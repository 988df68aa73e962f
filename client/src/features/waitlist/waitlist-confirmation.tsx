import { PRODUCT_NAME } from "@common/constants.ts";
import type { WaitlistEntry } from "@common/waitlist.ts";
import { CircleCheck } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent } from "@/components/ui/card.tsx";

/** The spec names an early-access perks list without its items; these are ours. */
const PERKS = [
  "Early access to the app before the public launch",
  "First dibs on pickup games at courts near you",
  "Your courts on the map from day one",
  "A say in the features we build next",
] as const;

/** `entry` is what the server stored; without it (a plain form post) the thanks are general. */
type WaitlistConfirmationProps = { entry?: WaitlistEntry };

export function WaitlistConfirmation({ entry }: WaitlistConfirmationProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const perksTitleId = useId();
  // The form the visitor was in is gone: move focus to the news so keyboard and screen-reader
  // users land on it instead of at the top of the page.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <div className="mx-auto max-w-xl">
      <header className="mb-6 space-y-2 text-center">
        <CircleCheck className="mx-auto size-12 text-primary" aria-hidden="true" />
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="text-3xl font-bold tracking-tight outline-none"
        >
          You're on the list!
        </h1>
        {/* break-words: a long e-mail address must wrap, not widen the page on a phone. */}
        <p className="break-words text-muted-foreground">
          {entry
            ? `Thanks, ${entry.name}. We'll email ${entry.email} when ${PRODUCT_NAME} launches in ${entry.city}.`
            : `Thanks. We'll email you when ${PRODUCT_NAME} launches in your city.`}
        </p>
      </header>
      <Card>
        <CardContent className="pt-6">
          <h2 id={perksTitleId} className="text-lg font-semibold">
            Your early-access perks
          </h2>
          <ul aria-labelledby={perksTitleId} className="mt-4 space-y-3">
            {PERKS.map((perk) => (
              <li key={perk} className="flex items-start gap-3">
                <CircleCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                <span>{perk}</span>
              </li>
            ))}
          </ul>
          <Button asChild className="mt-6 w-full">
            <Link href="/">Back to Home</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
