import { AREAS } from "./constants.ts";

/**
 * The one definition of where a player is, shown on every screen (profile header, profile
 * card, Discover, nearby players, leaderboards): the court area they chose in their profile
 * ("Venice Beach"), else the city they live in, "City, ST" ("Los Angeles, CA"), else nothing
 * (screens say LOCATION_NOT_SET). A player hiding their location is never shown one at all;
 * that is decided by the server (settings), not here.
 */
export const LOCATION_NOT_SET = "Location not set";

export interface PlayerPlace {
  /** player_profiles.location: the area the player usually hoops in. */
  area?: string | null;
  city?: string | null;
  state?: string | null;
}

export function playerLocation({ area, city, state }: PlayerPlace): string | null {
  const chosen = area?.trim();
  if (chosen) return chosen;
  const town = city?.trim();
  if (!town) return null;
  const region = state?.trim();
  return region ? `${town}, ${region}` : town;
}

/**
 * The areas a player may choose in their profile: those of the city they live in (issue 31:
 * one location per player, the area inside the city). The spec's seven areas are Los
 * Angeles's; any other city is its own one area ("Austin, TX"); without a city, none.
 */
export function areasOf({ city, state }: Omit<PlayerPlace, "area">): string[] {
  const own = playerLocation({ city, state });
  if (!own) return [];
  return city?.trim().toLowerCase() === "los angeles" ? [...AREAS] : [own];
}
