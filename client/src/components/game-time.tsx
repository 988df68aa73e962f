import { type GameTimeStyle, gameTimeParts } from "@common/game-time.ts";

/**
 * A game's time (common/game-time.ts) in a <time> element. The clock and its zone never break
 * apart: at phone width 'PT' alone on the next line reads as a stray word.
 */
export function GameTime({
  at,
  timeZone,
  style = "short",
  className,
}: {
  at: string;
  timeZone: string;
  style?: GameTimeStyle;
  className?: string;
}) {
  const { day, joiner, time } = gameTimeParts(at, timeZone, style);
  return (
    <time dateTime={at} className={className}>
      {day}
      {joiner}
      <span className="whitespace-nowrap">{time}</span>
    </time>
  );
}
