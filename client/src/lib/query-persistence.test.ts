import { dehydrate, QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import {
  forgetOfflineData,
  isPublicQuery,
  OFFLINE_CACHE_KEY,
  OFFLINE_CACHE_MAX_AGE_MS,
  persistOptions,
} from "./query-persistence.ts";

describe("the data kept for offline visits", () => {
  it("is the public reads only, never a signed-in player's own data", () => {
    expect(isPublicQuery(["/api/courts", { page: 1 }])).toBe(true);
    expect(isPublicQuery(["/api/courts/4/presence"])).toBe(true);
    expect(isPublicQuery(["/api/leaderboard/weekly"])).toBe(true);
    expect(isPublicQuery(["/api/games/7"])).toBe(true);
    expect(isPublicQuery(["/api/metrics"])).toBe(true);
    for (const key of [
      "/api/auth/user",
      "/api/user/profile",
      "/api/notifications",
      "/api/courts/favorites",
      "/api/games/my-games",
      "/api/court-suggestions/mine",
    ]) {
      expect(isPublicQuery([key])).toBe(false);
    }
  });

  it("writes only successful public queries and keeps them a day", () => {
    const client = new QueryClient();
    client.setQueryData(["/api/leaderboard/global"], [{ id: 1 }]);
    client.setQueryData(["/api/user/profile"], { nickname: "ace" });
    const options = persistOptions(window.localStorage);
    const kept = dehydrate(client, options.dehydrateOptions).queries.map((q) => q.queryKey[0]);
    expect(kept).toEqual(["/api/leaderboard/global"]);
    expect(options.maxAge).toBe(OFFLINE_CACHE_MAX_AGE_MS);
    expect(OFFLINE_CACHE_MAX_AGE_MS).toBe(24 * 60 * 60 * 1000);
  });

  it("is forgotten on sign-out", () => {
    window.localStorage.setItem(OFFLINE_CACHE_KEY, "{}");
    forgetOfflineData();
    expect(window.localStorage.getItem(OFFLINE_CACHE_KEY)).toBeNull();
  });
});
