import { muOfLevel } from "@common/levels.ts";
import type { PlayerBadge, PlayerStats, RecentGame } from "@common/profile.ts";
import type { SkillRatingView } from "@common/skill-rating.ts";
import type { CurrentUser, Profile } from "@common/user.ts";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { AppProviders } from "@/app/providers.tsx";
import { createQueryClient } from "@/app/query-client.ts";
import { stubFetch } from "@/test-support/stub-fetch.ts";
import { testUser } from "@/test-support/test-user.ts";

export const ZERO_STATS: PlayerStats = {
  gamesPlayed: 0,
  wins: 0,
  points: 0,
  courtsVisited: 0,
  brosConnected: 0,
  winRate: 0,
  avgRating: 0,
  totalHours: 0,
  streak: 0,
};

export function testProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 1,
    userId: "user-1",
    nickname: "Splash",
    primaryPosition: "Shooting Guard",
    secondaryPosition: null,
    skillHandles: 3,
    skillShot: 5,
    skillIq: 4,
    skillVert: 2,
    skillDefense: 1,
    location: "Venice Beach",
    isAvailable: true,
    gamesPlayed: 0,
    courtsVisited: 0,
    brosConnected: 0,
    ...overrides,
  };
}

type FakeServer = {
  user?: CurrentUser;
  /** null: GET /api/user/profile answers 404. */
  profile?: Profile | null;
  stats?: PlayerStats;
  games?: RecentGame[];
  badges?: PlayerBadge[];
  /** GET /api/user/level; null: it fails (500). By default a new player's level 3. */
  level?: SkillRatingView | null;
  /** What POST /api/profile answers; by default 201 with the posted values as a profile. */
  saveProfile?: (body: Record<string, unknown>) => Response | Promise<Response>;
  path?: string;
};

/**
 * Renders profile UI with the app's providers and a fake API for the profile endpoints.
 * Call vi.unstubAllGlobals() after each test.
 */
export function renderProfileFeature(ui: ReactElement, server: FakeServer = {}) {
  const { profile = null, path = "/profile" } = server;
  // The current user agrees with the profile endpoint, as the real server's answers do.
  const user = { ...(server.user ?? testUser()), hasProfile: profile !== null, profile };
  const fetchMock = stubFetch(async (url, init) => {
    if (url === "/api/auth/user") return Response.json(user);
    if (url === "/api/user/profile") {
      return profile
        ? Response.json(profile)
        : Response.json({ message: "Profile not found" }, { status: 404 });
    }
    if (url === "/api/user/stats") return Response.json(server.stats ?? ZERO_STATS);
    if (url === "/api/user/games") return Response.json(server.games ?? []);
    if (url === "/api/user/achievements") return Response.json(server.badges ?? []);
    if (url === "/api/user/level") {
      if (server.level === null) return Response.json({ message: "Broken" }, { status: 500 });
      return Response.json(server.level ?? { mu: muOfLevel(3), sigma: 3, games: 0 });
    }
    if (url === "/api/profile" && init?.method === "POST") {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      if (server.saveProfile) return server.saveProfile(body);
      return Response.json(testProfile(body as Partial<Profile>), { status: 201 });
    }
    return Response.json({ message: "Not found." }, { status: 404 });
  });
  const location = memoryLocation({ path, record: true });
  const view = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AppProviders queryClient={createQueryClient()}>{ui}</AppProviders>
    </Router>,
  );
  const posted = () =>
    fetchMock.mock.calls
      .filter(([url, init]) => url === "/api/profile" && init?.method === "POST")
      .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
  return { ...view, fetchMock, location, posted };
}
