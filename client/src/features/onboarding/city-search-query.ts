import type { LocationSuggestion } from "@common/onboarding.ts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { HttpError } from "@/lib/api.ts";
import { useDebouncedValue } from "@/lib/use-debounced-value.ts";

/** Long enough to skip the keys of a word typed in one go, short enough to feel immediate. */
export const SEARCH_DEBOUNCE_MS = 250;

const searchUrl = (text: string) => `/api/onboarding/locations?q=${encodeURIComponent(text)}`;

/**
 * GET /api/onboarding/locations (product §7). The abort signal is passed on: a search overtaken
 * by the next keystroke is cancelled instead of finishing for nothing.
 */
export const citySearchQuery = (text: string) =>
  queryOptions({
    queryKey: [searchUrl(text)],
    queryFn: async ({ signal }): Promise<LocationSuggestion[]> => {
      const response = await fetch(searchUrl(text), { credentials: "include", signal });
      if (!response.ok) {
        throw new HttpError(response.status, await response.text(), response.statusText);
      }
      return (await response.json()) as LocationSuggestion[];
    },
  });

/** Searches as the player types; product §5: only when the text is not empty. */
export function useCitySearch(text: string) {
  const trimmed = text.trim();
  const debounced = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  const query = useQuery({
    ...citySearchQuery(debounced),
    enabled: debounced.length > 0,
    // Typing on keeps the last list on screen until the next one arrives, without flicker.
    placeholderData: keepPreviousData,
  });
  const waiting = trimmed !== debounced || query.isFetching;
  return { ...query, isSearching: trimmed.length > 0 && waiting, hasText: trimmed.length > 0 };
}
