import { COURT_ACTIVE_MIN, COURT_HOT_MIN } from "@common/constants.ts";

/** Spec §2 Court card pill. */
export function activePlayersPill(count: number): string {
  return count === 0 ? "No bros active" : `${count} bros active`;
}

export type CourtHeat = "hot" | "active" | "empty";

/** Spec §9: 4 or more is hot (orange), 2 or 3 active (green), below 2 empty (grey). */
export function courtHeat(activePlayers: number): CourtHeat {
  if (activePlayers >= COURT_HOT_MIN) return "hot";
  if (activePlayers >= COURT_ACTIVE_MIN) return "active";
  return "empty";
}

export const HEAT_LABELS: Record<CourtHeat, string> = {
  hot: "Hot",
  active: "Active",
  empty: "Empty",
};
