import { dehydrate, QueryClient } from "@tanstack/react-query";
import { beforeEach, describe, expect, it } from "vitest";
import {
  claimOfflineData,
  forgetOfflineData,
  isKeptQuery,
  OFFLINE_CACHE_KEY,
  OFFLINE_CACHE_MAX_AGE_MS,
  OFFLINE_OWNER_KEY,
  persistOptions,
  withEarlierReads,
} from "./query-persistence.ts";

beforeEach(() => window.localStorage.clear());

describe("the data kept for offline visits", () => {
  it("is every API read a page made, a signed-in player's own too (issue 31)", () => {
    for (const key of [
      "/api/courts",
      "/api/courts/4/presence",
      "/api/leaderboard/weekly",
      "/api/games/7",
      "/api/metrics",
      "/api/auth/user",
      "/api/user/profile",
      "/api/notifications",
      "/api/courts/favorites",
      "/api/games/my-games",
      "/api/court-suggestions/mine",
    ]) {
      expect(isKeptQuery([key])).toBe(true);
    }
    expect(isKeptQuery(["not-an-api-read"])).toBe(false);
  });

  it("writes only successful reads, the player's own too, and keeps them a day", () => {
    const client = new QueryClient();
    client.setQueryData(["/api/leaderboard/global"], [{ id: 1 }]);
    client.setQueryData(["/api/user/profile"], { nickname: "ace" });
    client.setQueryData(["/api/auth/user"], { id: "u1" });
    const options = persistOptions(window.localStorage);
    const kept = dehydrate(client, options.dehydrateOptions).queries.map((q) => q.queryKey[0]);
    expect(kept.sort()).toEqual(["/api/auth/user", "/api/leaderboard/global", "/api/user/profile"]);
    expect(options.maxAge).toBe(OFFLINE_CACHE_MAX_AGE_MS);
    expect(OFFLINE_CACHE_MAX_AGE_MS).toBe(24 * 60 * 60 * 1000);
  });

  it("adds each page's reads to those kept by the pages before it (issue 31)", () => {
    const now = Date.now();
    const page = (reads: [string, number][]) => {
      const client = new QueryClient();
      for (const [url, at] of reads) client.setQueryData([url], { url }, { updatedAt: at });
      return { timestamp: now, buster: "b1", clientState: dehydrate(client) };
    };
    const dashboard = page([
      ["/api/metrics", now - 1000],
      ["/api/auth/user", now - 1000],
      ["/api/old", now - OFFLINE_CACHE_MAX_AGE_MS - 1],
    ]);
    const court = page([
      ["/api/courts/1", now],
      ["/api/auth/user", now],
    ]);
    const merged = withEarlierReads(court, dashboard, now);
    const kept = merged.clientState.queries.map((q) => `${q.queryKey[0]}@${q.state.dataUpdatedAt}`);
    expect(kept.sort()).toEqual(
      [`/api/auth/user@${now}`, `/api/courts/1@${now}`, `/api/metrics@${now - 1000}`].sort(),
    );
    // Another build: nothing of the earlier one.
    expect(withEarlierReads(court, { ...dashboard, buster: "b0" }, now)).toBe(court);
  });

  it("belongs to one player: another player (or nobody) signed in drops it", () => {
    claimOfflineData("u1");
    window.localStorage.setItem(OFFLINE_CACHE_KEY, '{"u1":true}');
    claimOfflineData("u1");
    expect(window.localStorage.getItem(OFFLINE_CACHE_KEY)).toBe('{"u1":true}');
    claimOfflineData("u2");
    expect(window.localStorage.getItem(OFFLINE_CACHE_KEY)).toBeNull();
    expect(window.localStorage.getItem(OFFLINE_OWNER_KEY)).toBe("u2");
    window.localStorage.setItem(OFFLINE_CACHE_KEY, '{"u2":true}');
    claimOfflineData(null);
    expect(window.localStorage.getItem(OFFLINE_CACHE_KEY)).toBeNull();
  });

  it("is forgotten on sign-out", () => {
    window.localStorage.setItem(OFFLINE_CACHE_KEY, "{}");
    window.localStorage.setItem(OFFLINE_OWNER_KEY, "u1");
    forgetOfflineData();
    expect(window.localStorage.getItem(OFFLINE_CACHE_KEY)).toBeNull();
    expect(window.localStorage.getItem(OFFLINE_OWNER_KEY)).toBeNull();
  });
});
