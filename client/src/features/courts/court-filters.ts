import type { Court } from "@common/courts.ts";

/**
 * The directory's filters (spec §2, §4): everything defaults to "all", sort to rating.
 * Outdoor and Indoor are one choice, `courtType`; Lit Courts and Free to Play are on or off.
 */
export type CourtTypeFilter = "all" | "outdoor" | "indoor";
export type CourtSort = "rating" | "name" | "active";

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

/** Lower case without accents, so "cafe" finds "Café" and "LA" finds "Los Angeles, la". */
function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

// Folded once per court object: a search over 10,000 courts then costs one pass of includes().
const searchTexts = new WeakMap<Court, string>();
function searchTextOf(court: Court): string {
  let text = searchTexts.get(court);
  if (text === undefined) {
    text = fold([court.name, court.address ?? "", court.description ?? ""].join("\n"));
    searchTexts.set(court, text);
  }
  return text;
}

/**
 * The court list has no "area" column: an area is found in the address ("Venice, CA") or the
 * description. Every word typed must appear somewhere, so "venice lights" narrows down.
 */
function searchTerms(search: string): string[] {
  return fold(search).split(/\s+/).filter(Boolean);
}

/** The filters that decide which courts show; the sort only orders them. */
export type CourtMatch = Omit<CourtFilters, "sort">;

export function courtMatcher(filters: CourtMatch): (court: Court) => boolean {
  const terms = searchTerms(filters.search);
  return (court) => {
    if (filters.courtType === "indoor" && !court.isIndoor) return false;
    if (filters.courtType === "outdoor" && court.isIndoor) return false;
    if (filters.litOnly && !court.lighting) return false;
    if (filters.freeOnly && !court.freeToPlay) return false;
    if (terms.length === 0) return true;
    const text = searchTextOf(court);
    return terms.every((term) => text.includes(term));
  };
}

/** Keeps the courts that pass every filter, in their given order (sorting is separate). */
export function filterCourts(courts: readonly Court[], filters: CourtMatch): Court[] {
  return courts.filter(courtMatcher(filters));
}

const byName = new Intl.Collator("en", { sensitivity: "base", numeric: true }).compare;

const comparators: Record<CourtSort, (a: Court, b: Court) => number> = {
  rating: (a, b) => b.rating - a.rating || byName(a.name, b.name) || a.id - b.id,
  name: (a, b) => byName(a.name, b.name) || a.id - b.id,
  active: (a, b) =>
    b.activePlayers - a.activePlayers ||
    b.rating - a.rating ||
    byName(a.name, b.name) ||
    a.id - b.id,
};

/** A sorted copy; ties fall back to name, then id, so the order never jumps between renders. */
export function sortCourts(courts: readonly Court[], sort: CourtSort): Court[] {
  return [...courts].sort(comparators[sort]);
}

/** Filter, then sort: what the card grid shows. */
export function applyFilters(courts: readonly Court[], filters: CourtFilters): Court[] {
  return sortCourts(filterCourts(courts, filters), filters.sort);
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
