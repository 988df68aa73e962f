import { type NearbyPlayer, type SkillLevel, skillLevelOf } from "@common/players.ts";

export type PlayerFilters = {
  /** A position, or "all". */
  position: string;
  level: SkillLevel | "all";
  availableOnly: boolean;
};

export const NO_PLAYER_FILTERS: PlayerFilters = {
  position: "all",
  level: "all",
  availableOnly: false,
};

/** Narrows the server's ranked list in place: the order (best match first) is kept. */
export function filterPlayers(
  players: readonly NearbyPlayer[],
  { position, level, availableOnly }: PlayerFilters,
): NearbyPlayer[] {
  return players.filter(
    (p) =>
      (position === "all" || p.primaryPosition === position) &&
      (level === "all" || skillLevelOf(p.skillAverage) === level) &&
      (!availableOnly || p.isAvailable),
  );
}
