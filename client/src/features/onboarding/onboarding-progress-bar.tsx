import { Check } from "lucide-react";
import { cn } from "@/lib/cn.ts";

export const STEP_TITLES = ["Set Your Location", "Create Profile", "Set Preferences"] as const;

type OnboardingProgressBarProps = { current: number; done: readonly boolean[] };

/** Spec §2: a bar showing "n of 3 complete", and the three steps by name. */
export function OnboardingProgressBar({ current, done }: OnboardingProgressBarProps) {
  const total = STEP_TITLES.length;
  const completed = done.filter(Boolean).length;
  const label = `${completed} of ${total} complete`;
  return (
    <div className="grid gap-3">
      <div className="flex justify-between text-sm">
        <span className="font-medium">
          Step {current + 1} of {total}
        </span>
        <span className="text-muted-foreground">{label}</span>
      </div>
      <div
        role="progressbar"
        aria-label="Onboarding progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={completed}
        aria-valuetext={label}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-brand transition-[width] duration-300"
          style={{ width: `${(completed / total) * 100}%` }}
        />
      </div>
      <ol className="grid grid-cols-3 gap-2 text-xs sm:text-sm">
        {STEP_TITLES.map((title, index) => (
          <li
            key={title}
            aria-current={index === current ? "step" : undefined}
            className={cn(
              "flex items-center gap-1.5",
              index === current ? "font-semibold text-foreground" : "text-muted-foreground",
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                "flex size-5 shrink-0 items-center justify-center rounded-full border text-[0.7rem]",
                done[index] && "border-primary bg-primary text-primary-foreground",
                !done[index] && index === current && "border-primary text-primary",
              )}
            >
              {done[index] ? <Check className="size-3" /> : index + 1}
            </span>
            <span>
              {title}
              {done[index] && <span className="sr-only"> (done)</span>}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
