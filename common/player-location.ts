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
