import { EARLY_ACCESS_MAX_HOURS } from "@common/early-access.ts";
import { RUN_MAX_DATES, RUN_MAX_INTERVAL_WEEKS, WEEKDAY_NAMES, WEEKDAYS } from "@common/runs.ts";
import { useId } from "react";
import { FormField } from "@/components/ui/form-field.tsx";
import { CountInput, Input } from "@/components/ui/input.tsx";
import { Select } from "@/components/ui/select.tsx";
import type { GameForm, Repeats, RepeatsErrors } from "./use-repeats.ts";
import { weekdaysOf } from "./use-repeats.ts";

const INTERVALS = Array.from({ length: RUN_MAX_INTERVAL_WEEKS }, (_, i) => i + 1);
const ENDS = [
  { value: "never", label: "Never" },
  { value: "on", label: "On a date" },
  { value: "after", label: "After a number of times" },
] as const;

/**
 * The create form's "Repeats": a one-off game, or a run every week (or every N weeks) on the
 * days ticked, at the form's time on the court's clock, until a date, for N times, or on.
 */
export function RepeatsFields({
  form,
  repeats,
  errors,
  change,
}: {
  form: GameForm;
  repeats: Repeats;
  errors: RepeatsErrors;
  change: (patch: Partial<Repeats>) => void;
}) {
  const id = useId();
  const dateTime = form.watch("scheduledAt");
  const days = weekdaysOf(repeats, dateTime);
  const toggle = (day: number, on: boolean) =>
    change({ weekdays: on ? [...days, day].sort() : days.filter((d) => d !== day) });
  const radio = "size-4 accent-primary";
  return (
    <div className="grid gap-4">
      <FormField label="Repeats">
        {(control) => (
          <Select
            {...control}
            className="sm:max-w-xs"
            value={repeats.on ? "weekly" : "no"}
            onChange={(e) => {
              const on = e.target.value === "weekly";
              // A run has no go/no-go: what was typed there would be dropped silently.
              if (on) {
                form.resetField("minPlayers");
                form.resetField("decideBeforeMinutes");
              }
              change({ on });
            }}
          >
            <option value="no">Does not repeat</option>
            <option value="weekly">Every week</option>
          </Select>
        )}
      </FormField>
      {repeats.on && (
        <>
          <fieldset aria-describedby={errors.weekdays ? `${id}-days-error` : undefined}>
            <legend className="mb-2 text-sm font-medium">On these days</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              {WEEKDAYS.map((short, day) => (
                <label key={short} className="flex items-center gap-1.5">
                  <input
                    type="checkbox"
                    className="size-5 accent-primary"
                    aria-label={WEEKDAY_NAMES[day]}
                    aria-invalid={errors.weekdays ? true : undefined}
                    checked={days.includes(day)}
                    onChange={(e) => toggle(day, e.target.checked)}
                  />
                  <span aria-hidden="true">{short}</span>
                </label>
              ))}
            </div>
            {errors.weekdays && (
              <p id={`${id}-days-error`} className="mt-2 text-sm font-medium text-destructive">
                {errors.weekdays}
              </p>
            )}
          </fieldset>
          <FormField label="How often" error={errors.intervalWeeks}>
            {(control) => (
              <Select
                {...control}
                className="sm:max-w-xs"
                value={repeats.intervalWeeks}
                onChange={(e) => change({ intervalWeeks: Number(e.target.value) })}
              >
                {INTERVALS.map((n) => (
                  <option key={n} value={n}>
                    {n === 1 ? "Every week" : `Every ${n} weeks`}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <fieldset className="grid gap-3">
            <legend className="mb-2 text-sm font-medium">Ends</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {ENDS.map((end) => (
                <label key={end.value} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={`${id}-ends`}
                    className={radio}
                    checked={repeats.ends === end.value}
                    onChange={() => change({ ends: end.value })}
                  />
                  {end.label}
                </label>
              ))}
            </div>
            {repeats.ends === "on" && (
              <FormField label="Last date" error={errors.untilDate}>
                {(control) => (
                  <Input
                    {...control}
                    type="date"
                    className="sm:max-w-xs"
                    min={dateTime.slice(0, 10) || undefined}
                    value={repeats.untilDate}
                    onChange={(e) => change({ untilDate: e.target.value })}
                  />
                )}
              </FormField>
            )}
            {repeats.ends === "after" && (
              <FormField
                label="Number of times"
                hint={`Up to ${RUN_MAX_DATES} dates.`}
                error={errors.count}
              >
                {(control) => (
                  <CountInput
                    {...control}
                    className="sm:max-w-xs"
                    min={1}
                    max={RUN_MAX_DATES}
                    value={repeats.count}
                    onChange={(e) => change({ count: e.target.value })}
                  />
                )}
              </FormField>
            )}
          </fieldset>
          <FormField
            label="Regulars first (hours)"
            hint="Each new date opens to the run's regulars this many hours before everyone else. 0: no head start."
            error={errors.earlyAccessHours}
          >
            {(control) => (
              <CountInput
                {...control}
                className="sm:max-w-xs"
                min={0}
                max={EARLY_ACCESS_MAX_HOURS}
                value={repeats.earlyAccessHours}
                onChange={(e) => change({ earlyAccessHours: e.target.value })}
              />
            )}
          </FormField>
        </>
      )}
    </div>
  );
}
