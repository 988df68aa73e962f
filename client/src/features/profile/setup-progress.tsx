type SetupProgressProps = { step: number; total: number };

/**
 * Spec §2: 'Step n of 3' and the percentage complete, with a bar. Complete counts the steps
 * done, those before this one: the last step is not done until Complete Setup (issue 31).
 */
export function SetupProgress({ step, total }: SetupProgressProps) {
  const percent = Math.round(((step - 1) / total) * 100);
  return (
    <div className="space-y-2">
      <div className="flex justify-between text-sm">
        <span className="font-medium">
          Step {step} of {total}
        </span>
        <span className="text-muted-foreground">{percent}% complete</span>
      </div>
      <div
        role="progressbar"
        aria-label="Profile setup progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-300"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
