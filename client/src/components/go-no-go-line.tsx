import { goNoGoLine } from "@common/go-no-go-text.ts";
import { CalendarCheck } from "lucide-react";
import { cn } from "@/lib/cn.ts";

type GoNoGoLineProps = {
  game: Parameters<typeof goNoGoLine>[0];
  className?: string;
};

/**
 * A game's go/no-go where players look (cards, the game page): 'Needs 3 more by 3:30 PM PT'
 * until the decision, then 'Game on'. Shared by the game cards and the go-no-go feature, so it
 * lives here; it shows nothing for a game without a minimum.
 */
export function GoNoGoLine({ game, className }: GoNoGoLineProps) {
  const line = goNoGoLine(game);
  if (!line) return null;
  const on = game.goNoGo?.decision === "on";
  return (
    <p
      className={cn(
        "flex items-center gap-1.5 text-sm font-medium",
        on ? "text-green-700" : "text-orange-700",
        className,
      )}
    >
      <CalendarCheck aria-hidden="true" className="size-4 shrink-0" />
      {line}
    </p>
  );
}
