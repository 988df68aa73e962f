import { WHEN_IN_PAST, WHEN_REQUIRED } from "@common/game-limits.ts";
import { formatGameTime, zoneName } from "@common/game-time.ts";
import type { Run } from "@common/runs.ts";
import { toZonedInputValue, zonedValueToIso } from "@common/zoned-time.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { FormField } from "@/components/ui/form-field.tsx";
import { Input } from "@/components/ui/input.tsx";
import { apiErrorOf, apiRequest } from "@/lib/api.ts";
import { gameQuery } from "@/lib/game-queries.ts";
import { runQuery } from "./run-query.ts";

type RunDate = Run["upcoming"][number];

/**
 * "Move…" on one date of the run (organizer or co-organizer): a new date and time typed on the
 * court's clock; the other dates stay (PATCH /api/runs/{id}/dates/{date}).
 */
export function MoveRunDate({ run, date }: { run: Run; date: RunDate }) {
  const zone = run.court.timeZone;
  const when = formatGameTime(date.scheduledAt, zone, "short");
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(() => toZonedInputValue(new Date(date.scheduledAt), zone));
  const [error, setError] = useState<string>();
  const client = useQueryClient();
  const move = useMutation({
    mutationFn: async (scheduledAt: string) =>
      (
        await apiRequest("PATCH", `/api/runs/${run.id}/dates/${date.runDate}`, { scheduledAt })
      ).json() as Promise<Run>,
    onSuccess: (moved) => {
      client.setQueryData(runQuery(run.id).queryKey, moved);
      void client.invalidateQueries({ queryKey: gameQuery(date.id).queryKey });
      setOpen(false);
    },
    onError: (failure) => {
      const apiError = apiErrorOf(failure);
      setError(
        apiError?.errors?.scheduledAt ?? apiError?.message ?? "Could not move it. Try again.",
      );
    },
  });

  if (!open) {
    return (
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        Move… <span className="sr-only">the game of {when}</span>
      </Button>
    );
  }
  return (
    <form
      noValidate
      aria-label={`Move the game of ${when}`}
      className="grid w-full gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        const iso = zonedValueToIso(value, zone);
        if (!value) return setError(WHEN_REQUIRED);
        if (Date.parse(iso) <= Date.now()) return setError(WHEN_IN_PAST);
        setError(undefined);
        move.mutate(iso);
      }}
    >
      <FormField
        label="New date and time"
        hint={`On the court's clock (${zoneName(new Date(date.scheduledAt), zone)}).`}
        error={error}
      >
        {(control) => (
          <Input
            {...control}
            type="datetime-local"
            min={toZonedInputValue(new Date(), zone)}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        )}
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={move.isPending}>
          {move.isPending ? "Moving..." : "Move"}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
