import type { BusyLevel, PopularSlot } from "@common/popular-times.ts";
import { WEEKDAYS } from "@common/popular-times-limits.ts";

/** 0 → '12 AM', 13 → '1 PM'. */
export function hourLabel(hour: number): string {
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve} ${hour < 12 ? "AM" : "PM"}`;
}

/** 'about 4 players', 'about 1 player', 'nobody usually'. */
export function playersLabel(players: number): string {
  if (players < 0.5) return "nobody usually";
  const rounded = Math.round(players);
  return `about ${rounded} ${rounded === 1 ? "player" : "players"}`;
}

export const LEVEL_LABELS: Record<BusyLevel, string> = {
  busy: "Usually busy",
  moderate: "Usually a few players",
  quiet: "Usually quiet",
};

/** 'Saturdays at 6 PM' (ISO weekday: 1 = Monday). */
export function slotLabel(slot: Pick<PopularSlot, "day" | "hour">): string {
  return `${WEEKDAYS[slot.day - 1]}s at ${hourLabel(slot.hour)}`;
}
