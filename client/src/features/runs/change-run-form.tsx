import { GAME_TITLE_MAX, MAX_PLAYERS_MAX, MAX_PLAYERS_MIN } from "@common/game-limits.ts";
import { formatGameTime } from "@common/game-time.ts";
import { changeRunInputSchema, type Run, runWhenText } from "@common/runs.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent } from "@/components/ui/card.tsx";
import { FormField } from "@/components/ui/form-field.tsx";
import { CountInput, Input } from "@/components/ui/input.tsx";
import { Select } from "@/components/ui/select.tsx";
import { apiErrorOf, apiRequest } from "@/lib/api.ts";
import { runQuery } from "./run-query.ts";

const FIELDS = ["fromDate", "startTime", "maxPlayers", "title"] as const;
type Field = (typeof FIELDS)[number];
type Errors = Partial<Record<Field | "form", string>>;

const EMPTY = { startTime: "", maxPlayers: "", title: "" };

/** Each field changes the run's dates when filled; empty leaves what they have. */
function changeOf(fromDate: string, typed: typeof EMPTY) {
  return {
    fromDate,
    startTime: typed.startTime || undefined,
    maxPlayers: typed.maxPlayers.trim() === "" ? undefined : Number(typed.maxPlayers),
    title: typed.title.trim() === "" ? undefined : typed.title,
  };
}

/** Issues or the server's `errors` by field; the rest (no change asked) for the whole form. */
function errorsOf(fieldErrors: Record<string, string>, message?: string): Errors {
  const errors: Errors = {};
  for (const [field, text] of Object.entries(fieldErrors)) {
    const key = (FIELDS as readonly string[]).includes(field) ? (field as Field) : "form";
    errors[key] ??= text;
  }
  if (Object.keys(errors).length === 0) errors.form = message ?? "Could not save. Try again.";
  return errors;
}

/**
 * The organizer's "Change from a date on" (PATCH /api/runs/{id}): from the date picked, each
 * date still on the rule takes the new time (on the court's clock), seats or title; a date
 * moved or resized on its own keeps what it was given.
 */
export function ChangeRunForm({ run }: { run: Run }) {
  const dates = run.upcoming.filter((d) => d.status === "open");
  const [open, setOpen] = useState(false);
  const [fromDate, setFromDate] = useState(dates[0]?.runDate ?? "");
  const [typed, setTyped] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState(false);
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: async (change: ReturnType<typeof changeOf>) =>
      (await apiRequest("PATCH", `/api/runs/${run.id}`, change)).json() as Promise<Run>,
    onSuccess: (changed) => {
      client.setQueryData(runQuery(run.id).queryKey, changed);
      setTyped(EMPTY);
      setSaved(true);
    },
    onError: (failure) => {
      const apiError = apiErrorOf(failure);
      setErrors(errorsOf(apiError?.errors ?? {}, apiError?.message));
    },
  });
  if (dates.length === 0) return null;
  const type = (patch: Partial<typeof EMPTY>) => {
    setSaved(false);
    setTyped((now) => ({ ...now, ...patch }));
  };

  return (
    <Card>
      <CardContent className="space-y-4 pt-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-xl font-semibold">Change the run</h2>
          <Button variant="outline" aria-expanded={open} onClick={() => setOpen(!open)}>
            Change from a date on
          </Button>
        </div>
        {open && (
          <form
            noValidate
            aria-label="Change from a date on"
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              const change = changeOf(fromDate, typed);
              const checked = changeRunInputSchema.safeParse(change);
              if (!checked.success) {
                const fieldErrors: Record<string, string> = {};
                for (const issue of checked.error.issues) {
                  fieldErrors[String(issue.path[0] ?? "form")] ??= issue.message;
                }
                return setErrors(errorsOf(fieldErrors));
              }
              setErrors({});
              save.mutate(change);
            }}
          >
            <p className="text-sm text-muted-foreground">
              Dates you moved or resized on their own keep what you gave them. Leave a field empty
              to keep it.
            </p>
            <FormField label="From" error={errors.fromDate}>
              {(control) => (
                <Select {...control} value={fromDate} onChange={(e) => setFromDate(e.target.value)}>
                  {dates.map((d) => (
                    <option key={d.runDate} value={d.runDate}>
                      {formatGameTime(d.scheduledAt, run.court.timeZone, "short")}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                label="New time"
                hint={`On the court's clock; now ${runWhenText(run, fromDate)}.`}
                error={errors.startTime}
              >
                {(control) => (
                  <Input
                    {...control}
                    type="time"
                    value={typed.startTime}
                    onChange={(e) => type({ startTime: e.target.value })}
                  />
                )}
              </FormField>
              <FormField
                label="Seats"
                hint={`Now ${run.maxPlayers}. From ${MAX_PLAYERS_MIN} to ${MAX_PLAYERS_MAX}.`}
                error={errors.maxPlayers}
              >
                {(control) => (
                  <CountInput
                    {...control}
                    min={MAX_PLAYERS_MIN}
                    max={MAX_PLAYERS_MAX}
                    value={typed.maxPlayers}
                    onChange={(e) => type({ maxPlayers: e.target.value })}
                  />
                )}
              </FormField>
            </div>
            <FormField label="Title" error={errors.title}>
              {(control) => (
                <Input
                  {...control}
                  autoComplete="off"
                  maxLength={GAME_TITLE_MAX}
                  placeholder={run.title ?? "Weekly Run"}
                  value={typed.title}
                  onChange={(e) => type({ title: e.target.value })}
                />
              )}
            </FormField>
            {errors.form && (
              <p role="alert" className="text-sm font-medium text-destructive">
                {errors.form}
              </p>
            )}
            {saved && <p role="status">Saved: the dates from then on have changed.</p>}
            <div className="flex justify-end">
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? "Saving..." : "Save Changes"}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
