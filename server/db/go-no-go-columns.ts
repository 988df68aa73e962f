import type { GoNoGo } from "../../common/go-no-go-text.ts";
import { games } from "./schema.ts";

/** The go/no-go columns every game read selects beside the game's own (game-reads.ts). */
export const goNoGoColumns = {
  minPlayers: games.minPlayers,
  decideBeforeMinutes: games.decideBeforeMinutes,
  decideAt: games.decideAt,
  playAnyway: games.playAnyway,
  decision: games.decision,
};

type GoNoGoRow = {
  minPlayers: number | null;
  decideBeforeMinutes: number;
  decideAt: Date | null;
  playAnyway: boolean;
  decision: "on" | "off" | null;
};

export function goNoGoOf(row: GoNoGoRow): GoNoGo | null {
  if (row.minPlayers === null || row.decideAt === null) return null;
  return {
    minPlayers: row.minPlayers,
    decideBeforeMinutes: row.decideBeforeMinutes,
    decideAt: row.decideAt.toISOString(),
    playAnyway: row.playAnyway,
    decision: row.decision,
  };
}
