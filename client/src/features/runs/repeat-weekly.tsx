import type { Game } from "@common/games.ts";
import type { CreateRunValues, Run } from "@common/runs.ts";
import { toZonedInputValue } from "@common/zoned-time.ts";
import { useMutation } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { Button } from "@/components/ui/button.tsx";
import { apiErrorOf, apiRequest } from "@/lib/api.ts";
import { weekdayOf } from "./weekday-of.ts";

const WEEK_MS = 7 * 86_400_000;

/**
 * The run that repeats a game every week from the next one on: same court, seats, type and
 * title, same weekday and time on the court's clock (so 6:30 PM PT stays 6:30 PM PT across a
 * clock change), open-ended until the organizer ends it.
 */
export function weeklyRunOf(game: Game): CreateRunValues {
  const zone = game.court.timeZone;
  // 2026-12-01T18:30 on the court's clock; the next date is that calendar day a week on.
  const local = toZonedInputValue(new Date(game.scheduledAt), zone);
  const day = new Date(`${local.slice(0, 10)}T00:00:00Z`);
  const nextWeek = new Date(day.getTime() + WEEK_MS).toISOString();
  return {
    courtId: game.court.id,
    title: game.title ?? "Weekly Run",
    maxPlayers: game.maxPlayers,
    gameType: game.gameType as CreateRunValues["gameType"],
    firstDate: nextWeek.slice(0, 10),
    startTime: local.slice(11, 16),
    weekdays: [weekdayOf(local.slice(0, 10))],
  };
}

/** On an organizer's open game that is not yet a run's date: "Repeat weekly" makes the run. */
export function RepeatWeekly({ game }: { game: Game }) {
  const [, navigate] = useLocation();
  const repeat = useMutation({
    mutationFn: async () =>
      (await (await apiRequest("POST", "/api/runs", weeklyRunOf(game))).json()) as Run,
    onSuccess: (run) => navigate(`/runs/${run.id}`),
  });
  return (
    <div className="space-y-1">
      <Button variant="outline" disabled={repeat.isPending} onClick={() => repeat.mutate()}>
        Repeat weekly
      </Button>
      <p className="text-sm text-muted-foreground">
        The same game every week from the next one on, at the same time on the court's clock.
      </p>
      {repeat.isError && (
        <p role="alert" className="text-sm text-destructive">
          {apiErrorOf(repeat.error)?.message ?? "Could not make the run. Try again."}
        </p>
      )}
    </div>
  );
}
