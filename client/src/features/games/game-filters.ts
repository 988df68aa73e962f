import type { Game } from "@common/games.ts";
import type { UpcomingFilters } from "@/lib/game-queries.ts";
import { DAY_CHOICES, type DayChoice, dayRange } from "./day-range.ts";

/** What the /games finder filters by; kept in the page's URL so Back and shared links keep it. */
export type FinderFilters = {
  day: DayChoice;
  /** The picked date ("2026-05-09") when `day` is "date". */
  date: string;
  courtId?: number;
  openSpots: boolean;
};

export const NO_FILTERS: FinderFilters = { day: "any", date: "", openSpots: false };

const isDayChoice = (value: string | null): value is DayChoice =>
  value !== null && Object.hasOwn(DAY_CHOICES, value);

/** The finder's filters from `?day=&date=&court=&open=`; anything unreadable means "any". */
export function readFinderFilters(params: URLSearchParams): FinderFilters {
  const day = params.get("day");
  const court = Number(params.get("court"));
  return {
    day: isDayChoice(day) ? day : "any",
    date: params.get("date") ?? "",
    courtId: Number.isInteger(court) && court > 0 ? court : undefined,
    openSpots: params.get("open") === "1",
  };
}

/** The filters back into `params`, leaving defaults out and other parameters as they are. */
export function writeFinderFilters(params: URLSearchParams, filters: FinderFilters) {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | undefined) =>
    value ? next.set(key, value) : next.delete(key);
  set("day", filters.day === "any" ? undefined : filters.day);
  set("date", filters.day === "date" ? filters.date : undefined);
  set("court", filters.courtId?.toString());
  set("open", filters.openSpots ? "1" : undefined);
  return next;
}

export const hasFilters = (filters: FinderFilters) =>
  filters.day !== "any" || filters.courtId !== undefined || filters.openSpots;

/** The GET /api/games/upcoming filters for what the player chose, days in local time. */
export function upcomingFiltersOf(filters: FinderFilters, now: Date): UpcomingFilters {
  return {
    ...dayRange(filters.day, filters.date, now),
    courtId: filters.courtId,
    openSpots: filters.openSpots || undefined,
  };
}

export type CourtOption = { id: number; name: string };

/**
 * The court choices: every court with an upcoming game (from the unfiltered list), by name.
 * A chosen court missing from it (a shared link, a list still loading) stays choosable.
 */
export function courtOptions(
  games: readonly Pick<Game, "court">[],
  chosen: CourtOption | undefined,
): CourtOption[] {
  const byId = new Map<number, CourtOption>();
  for (const { court } of games) byId.set(court.id, { id: court.id, name: court.name });
  if (chosen && !byId.has(chosen.id)) byId.set(chosen.id, chosen);
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}
