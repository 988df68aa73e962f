import type { LeaderboardCity, LeaderboardEntry } from "@common/leaderboard.ts";
import type { CurrentUser } from "@common/user.ts";
import { render } from "@testing-library/react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { AppProviders } from "@/app/providers.tsx";
import { createQueryClient } from "@/app/query-client.ts";
import LeaderboardPage from "@/pages/leaderboard.tsx";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { stubFetch } from "@/test-support/stub-fetch.ts";

/** A ranked player as the leaderboard API returns one; override fields per test. */
export function testEntry(overrides: Partial<LeaderboardEntry> = {}): LeaderboardEntry {
  const rank = overrides.rank ?? 1;
  return {
    id: `player-${rank}`,
    rank,
    nickname: `Player ${rank}`,
    profileImageUrl: null,
    streak: 0,
    location: "Venice Beach",
    primaryPosition: "Point Guard",
    gamesPlayed: 10,
    wins: 6,
    winRate: 60,
    points: 80,
    ...overrides,
  };
}

/** Players ranked 1 to `count`. */
export const rankedEntries = (count: number) =>
  Array.from({ length: count }, (_, index) => testEntry({ rank: index + 1 }));

export const testCities: LeaderboardCity[] = [
  { city: "Los Angeles", state: "CA", players: 12 },
  { city: "Austin", state: "TX", players: 2 },
];

type Handler = Response | (() => Response | Promise<Response>);
type Options = { user?: CurrentUser | null; routes?: Record<string, Handler>; path?: string };

/**
 * The leaderboard page against a fake API: signed in through renderWithApi, or as a visitor
 * (the auth check answers 401) with the same `routes` map of GET paths.
 */
export function renderLeaderboard({
  user = null,
  routes = {},
  path = "/leaderboard",
}: Options = {}) {
  if (user) return renderWithApi(<LeaderboardPage />, { user, routes, path });
  const fetchMock = stubFetch(async (url) => {
    if (url === "/api/auth/user") {
      return Response.json({ message: "Not signed in." }, { status: 401 });
    }
    const handler = routes[url];
    if (!handler) return Response.json({ message: "Not found." }, { status: 404 });
    return typeof handler === "function" ? handler() : handler.clone();
  });
  const location = memoryLocation({ path, record: true });
  const view = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AppProviders queryClient={createQueryClient()}>
        <LeaderboardPage />
      </AppProviders>
    </Router>,
  );
  return { ...view, fetchMock, location };
}

/** The URLs the page asked for, in order. */
export const calledUrls = (fetchMock: { mock: { calls: unknown[][] } }) =>
  fetchMock.mock.calls.map(([url]) => String(url));
