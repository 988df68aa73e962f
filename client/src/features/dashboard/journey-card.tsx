import { CheckCircle2, Circle } from "lucide-react";
import { Link } from "wouter";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { completionPercent, type JourneyStep } from "./profile-completion.ts";

/** Spec §2 journey card: the profile-complete bar and its checklist. */
export function JourneyCard({ steps }: { steps: readonly JourneyStep[] }) {
  const percent = completionPercent(steps);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Your Journey</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="space-y-1">
          <div className="flex justify-between text-sm">
            <span id="journey-progress-label">Profile complete</span>
            <span className="font-semibold">{percent}%</span>
          </div>
          <div
            role="progressbar"
            aria-labelledby="journey-progress-label"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full bg-primary" style={{ width: `${percent}%` }} />
          </div>
        </div>
        <ul className="space-y-2 text-sm">
          {steps.map((step) => (
            <li key={step.label} className="flex items-center gap-2">
              {step.done ? (
                <CheckCircle2 aria-hidden="true" className="size-4 text-green-700" />
              ) : (
                <Circle aria-hidden="true" className="size-4 text-muted-foreground" />
              )}
              {step.done ? (
                <span>
                  {step.label}
                  <span className="sr-only"> (done)</span>
                </span>
              ) : (
                <Link href={step.href} className="text-primary underline-offset-4 hover:underline">
                  {step.label}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
