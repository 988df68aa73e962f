import { LEADERBOARD_TABS, type LeaderboardTab } from "@common/leaderboard.ts";
import { useSearchParams } from "wouter";
import type { LeaderboardPlace } from "./leaderboard-queries.ts";

const isTab = (value: string | null): value is LeaderboardTab =>
  LEADERBOARD_TABS.some((tab) => tab === value);

/**
 * The shown tab and the chosen city live in the page's address (?tab=local&city=…&state=…),
 * so a local leaderboard can be shared and survives going back to it. Changes replace the
 * history entry: flipping tabs should not fill the back button.
 */
export function useLeaderboardSearch() {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get("tab");
  const tab: LeaderboardTab = isTab(tabParam) ? tabParam : "global";
  const city = params.get("city")?.trim();
  const state = params.get("state")?.trim();
  const place: LeaderboardPlace | null = city && state ? { city, state } : null;

  const setTab = (next: LeaderboardTab) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        if (next === "global") updated.delete("tab");
        else updated.set("tab", next);
        return updated;
      },
      { replace: true },
    );

  const setPlace = (next: LeaderboardPlace) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        updated.set("city", next.city);
        updated.set("state", next.state);
        return updated;
      },
      { replace: true },
    );

  return { tab, place, setTab, setPlace };
}
