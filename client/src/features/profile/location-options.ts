import { areasOf } from "@common/player-location.ts";

type CityOf = { city: string | null; state: string | null } | null | undefined;

/**
 * The area select's options: the areas of the player's own city (issue 31: one location per
 * player; product §2's seven areas are Los Angeles's, any other city is its own one area). A
 * saved location that is no longer offered stays choosable, so editing never silently drops
 * it.
 */
export function locationOptions(user: CityOf, saved?: string | null): string[] {
  const options = areasOf({ city: user?.city, state: user?.state });
  const kept = saved?.trim();
  if (kept && !options.includes(kept)) options.push(kept);
  return options;
}
