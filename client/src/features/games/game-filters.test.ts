import { describe, expect, it } from "vitest";
import { upcomingGamesUrl } from "@/lib/game-queries.ts";
import { testGame } from "@/test-support/test-games.ts";
import {
  courtOptions,
  hasFilters,
  NO_FILTERS,
  readFinderFilters,
  upcomingFiltersOf,
  writeFinderFilters,
} from "./game-filters.ts";

const now = new Date(2026, 4, 6, 15, 30);
const local = (day: number) => new Date(2026, 4, day).toISOString();

describe("the finder's filters", () => {
  it("ask for every upcoming game when nothing is chosen", () => {
    expect(upcomingGamesUrl(upcomingFiltersOf(NO_FILTERS, now))).toBe("/api/games/upcoming");
    expect(hasFilters(NO_FILTERS)).toBe(false);
  });

  it("build the API URL from the day, the court and open spots", () => {
    const url = upcomingGamesUrl(
      upcomingFiltersOf({ day: "tomorrow", date: "", courtId: 3, openSpots: true }, now),
    );
    const params = new URL(url, "http://x").searchParams;
    expect(new URL(url, "http://x").pathname).toBe("/api/games/upcoming");
    expect(Object.fromEntries(params)).toEqual({
      from: local(7),
      to: local(8),
      courtId: "3",
      openSpots: "true",
    });
  });

  it("round-trip through the page URL, leaving defaults and other parameters alone", () => {
    const filters = { day: "date", date: "2026-05-09", courtId: 12, openSpots: true } as const;
    const params = writeFinderFilters(new URLSearchParams("tab=find"), filters);
    expect(params.toString()).toBe("tab=find&day=date&date=2026-05-09&court=12&open=1");
    expect(readFinderFilters(params)).toEqual(filters);
    expect(writeFinderFilters(params, NO_FILTERS).toString()).toBe("tab=find");
  });

  it("read anything unexpected as no filter", () => {
    expect(readFinderFilters(new URLSearchParams("day=someday&court=-4&open=yes"))).toEqual({
      day: "any",
      date: "",
      courtId: undefined,
      openSpots: false,
    });
  });
});

describe("courtOptions", () => {
  const court = (id: number, name: string) => ({ court: { ...testGame().court, id, name } });

  it("lists each court with an upcoming game once, by name", () => {
    const games = [court(2, "Rancho Park"), court(1, "Venice Beach"), court(2, "Rancho Park")];
    expect(courtOptions(games, undefined)).toEqual([
      { id: 2, name: "Rancho Park" },
      { id: 1, name: "Venice Beach" },
    ]);
  });

  it("keeps a chosen court that has no game in the list", () => {
    expect(courtOptions([court(1, "Venice Beach")], { id: 9, name: "Court 9" })).toEqual([
      { id: 9, name: "Court 9" },
      { id: 1, name: "Venice Beach" },
    ]);
  });
});
