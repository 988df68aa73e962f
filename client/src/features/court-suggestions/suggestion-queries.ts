import type { CourtSuggestion } from "@common/court-suggestions.ts";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api.ts";

const read = getQueryFn<CourtSuggestion[]>({ on401: "throw" });

/** GET /api/courts/{id}/suggestions: open corrections of one court. */
export const courtCorrectionsQuery = (courtId: number) =>
  queryOptions({ queryKey: [`/api/courts/${courtId}/suggestions`], queryFn: read });

/** GET /api/court-suggestions/mine: the player's suggestions and how each went. */
export const mySuggestionsQuery = queryOptions({
  queryKey: ["/api/court-suggestions/mine"],
  queryFn: read,
  staleTime: 30_000,
});

/** GET /api/court-suggestions/nearby: others' open suggestions near the player's city. */
export const nearbySuggestionsQuery = queryOptions({
  queryKey: ["/api/court-suggestions/nearby"],
  queryFn: read,
  staleTime: 30_000,
});

/**
 * After a suggestion or a vote: every list of suggestions, and — since an accepted one changes
 * or adds a court — the courts' own reads.
 */
export function refreshSuggestions(queryClient: QueryClient, courtId: number | null) {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey: [url] }) => {
      const key = String(url);
      return (
        key.startsWith("/api/court-suggestions") ||
        key === "/api/courts" ||
        (courtId !== null &&
          (key === `/api/courts/${courtId}` || key.startsWith(`/api/courts/${courtId}/`)))
      );
    },
  });
}
