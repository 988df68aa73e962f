import type { CourtSort } from "@common/courts.ts";

/**
 * The directory's filters (product §2, §4): everything defaults to "all", sort to rating.
 * Outdoor and Indoor are one choice, `courtType`; Lit Courts and Free to Play are on or off.
 * The server applies them (GET /api/courts and the map tiles): the browser never holds every
 * court.
 */
export type CourtTypeFilter = "all" | "outdoor" | "indoor";
export type { CourtSort };

export type CourtFilters = {
  search: string;
  courtType: CourtTypeFilter;
  litOnly: boolean;
  freeOnly: boolean;
  sort: CourtSort;
};

export const DEFAULT_FILTERS: CourtFilters = {
  search: "",
  courtType: "all",
  litOnly: false,
  freeOnly: false,
  sort: "rating",
};

export const SORT_OPTIONS: readonly { value: CourtSort; label: string }[] = [
  { value: "rating", label: "Highest Rated" },
  { value: "name", label: "Name A-Z" },
  { value: "active", label: "Most Active" },
];

/** Pressing Outdoor or Indoor selects it; pressing the selected one again goes back to all. */
export function toggleCourtType(filters: CourtFilters, type: "outdoor" | "indoor"): CourtFilters {
  return { ...filters, courtType: filters.courtType === type ? "all" : type };
}

export function toggleFlag(filters: CourtFilters, flag: "litOnly" | "freeOnly"): CourtFilters {
  return { ...filters, [flag]: !filters[flag] };
}

export function hasActiveFilters(filters: CourtFilters): boolean {
  return (
    filters.search.trim() !== "" ||
    filters.courtType !== "all" ||
    filters.litOnly ||
    filters.freeOnly ||
    filters.sort !== DEFAULT_FILTERS.sort
  );
}

/** The toggles as the API's query (`type`, `lit`, `free`), in a fixed order for cache keys. */
export function filterParams(filters: Pick<CourtFilters, "courtType" | "litOnly" | "freeOnly">) {
  const params = new URLSearchParams();
  if (filters.courtType !== "all") params.set("type", filters.courtType);
  if (filters.litOnly) params.set("lit", "true");
  if (filters.freeOnly) params.set("free", "true");
  return params;
}
