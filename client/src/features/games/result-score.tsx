import { type Team, XP_PER_GAME, XP_PER_WIN } from "@common/game-limits.ts";
import type { GameResult } from "@common/games.ts";
import { Badge } from "@/components/ui/badge.tsx";

/** The recorded score, e.g. "Team A 21 – 18 Team B", and who won. */
export function ResultScore({ result }: { result: GameResult }) {
  return (
    <div className="space-y-1">
      <p className="text-2xl font-bold tabular-nums">
        Team A {result.teamAScore} – {result.teamBScore} Team B
      </p>
      <p className="font-medium">Team {result.winningTeam} wins</p>
    </div>
  );
}

type XpEarnedProps = {
  /** The viewer's side; null when no result is recorded (or they had none). */
  team: Team | null;
  winningTeam: Team | undefined;
};

/** What the game is worth to a player who played it. */
export function XpEarned({ team, winningTeam }: XpEarnedProps) {
  return (
    <ul aria-label="Your points" className="flex flex-wrap gap-2">
      <li>
        <Badge>+{XP_PER_GAME} XP</Badge>
      </li>
      {team !== null && team === winningTeam && (
        <li>
          <Badge>+{XP_PER_WIN} XP win bonus</Badge>
        </li>
      )}
    </ul>
  );
}
