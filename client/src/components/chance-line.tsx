import type { GameChance } from "@common/attendance.ts";
import { chanceLabel } from "@common/show-chance.ts";
import { TrendingUp } from "lucide-react";

/**
 * A card's "Will it happen?": 'Likely on · 87%' while a go/no-go minimum is undecided, and the
 * chance of a full game. The line keeps its height while the figures load, so cards do not jump.
 */
export function ChanceLine({ chance }: { chance: GameChance | undefined }) {
  return (
    <p className="flex min-h-5 items-center gap-1.5 text-sm text-muted-foreground">
      {chance && (
        <>
          <TrendingUp aria-hidden="true" className="size-4 shrink-0" />
          <span>
            {chance.onChance !== null && (
              <span className="font-medium text-foreground">
                {chanceLabel(chance.onChance, "on")} ·{" "}
              </span>
            )}
            {chanceLabel(chance.fullChance, "full")}
          </span>
        </>
      )}
    </p>
  );
}
