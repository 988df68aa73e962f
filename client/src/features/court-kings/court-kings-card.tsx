import {
  KINGS_WINDOW_DAYS,
  POINTS_PER_CHECK_IN_DAY,
  POINTS_PER_GAME,
  POINTS_PER_WIN,
} from "@common/court-kings-points.ts";
import { useQuery } from "@tanstack/react-query";
import { Crown } from "lucide-react";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/components/ui/card.tsx";
import { courtKingsQuery } from "./court-kings-queries.ts";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The court's board: who played and won most here lately; the first wears the crown. */
export function CourtKingsCard({ courtId }: { courtId: number }) {
  const query = useQuery(courtKingsQuery(courtId));
  const board = query.data ?? [];
  const [king] = board;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Crown className="size-5 text-amber-600" aria-hidden="true" />
          Court Kings
        </CardTitle>
        <CardDescription>
          Last {KINGS_WINDOW_DAYS} days here: {POINTS_PER_GAME} points a game played,{" "}
          {POINTS_PER_WIN} more for a win, {POINTS_PER_CHECK_IN_DAY} a day checked in.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {query.isPending ? (
          <p className="text-sm text-muted-foreground">Loading…</p>
        ) : !king ? (
          <p className="text-sm text-muted-foreground">
            No king yet. Check in and play here to claim the crown.
          </p>
        ) : (
          <>
            <p className="flex items-center gap-2 rounded-md bg-amber-50 px-3 py-2 font-semibold text-amber-900">
              <Crown className="size-5 fill-amber-400 text-amber-600" aria-hidden="true" />
              {king.nickname} rules this court
            </p>
            <ol className="divide-y" aria-label="Court Kings board">
              {board.map((entry) => (
                <li key={entry.userId} className="flex items-center justify-between gap-3 py-2">
                  <span className="flex min-w-0 items-center gap-2">
                    <span className="w-6 shrink-0 text-right font-semibold tabular-nums">
                      {entry.rank}
                    </span>
                    <span className="truncate">{entry.nickname}</span>
                    {entry.rank === 1 && <span className="sr-only">(Court King)</span>}
                  </span>
                  <span className="shrink-0 text-right text-sm">
                    <span className="font-semibold">{plural(entry.points, "pt")}</span>
                    <span className="block text-xs text-muted-foreground">
                      {plural(entry.wins, "win")} · {plural(entry.games, "game")} ·{" "}
                      {plural(entry.checkInDays, "day")}
                    </span>
                  </span>
                </li>
              ))}
            </ol>
          </>
        )}
      </CardContent>
    </Card>
  );
}
