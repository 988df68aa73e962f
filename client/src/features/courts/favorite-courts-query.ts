import { queryOptions, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";

/** GET /api/courts/favorites: the signed-in user's favorite court ids. */
export const favoriteCourtsQuery = queryOptions<number[]>({
  queryKey: ["/api/courts/favorites"],
});

/** The favorite ids as a set; empty (and never fetched) when nobody is signed in. */
export function useFavoriteCourtIds(signedIn: boolean): ReadonlySet<number> {
  const { data } = useQuery({ ...favoriteCourtsQuery, enabled: signedIn });
  return useMemo(() => new Set(signedIn ? (data ?? []) : []), [data, signedIn]);
}
