import { COURT_ACTIVE_MIN, COURT_HOT_MIN } from "@common/constants.ts";

/** Spec §2 Court card pill ('No bros active', '{n} bros active'), with '1 bro active'. */
export function activePlayersPill(count: number): string {
  if (count === 0) return "No bros active";
  return count === 1 ? "1 bro active" : `${count} bros active`;
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

/**
 * The pill's colours follow the same thresholds as the map's markers, so a pill never says
 * green 'active' beside an orange 'Hot' or a grey 'Empty' for the same count.
 */
export const HEAT_PILL_CLASSES: Record<CourtHeat, string> = {
  hot: "border-orange-700 text-orange-800",
  active: "border-green-700 text-green-800",
  empty: "text-muted-foreground",
};
