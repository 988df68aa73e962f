import { PAGES, type PageFrame, type PageName } from "@common/pages.ts";
import type { QueryClient } from "@tanstack/react-query";
import { type ComponentType, lazy } from "react";
import { type Preloadable, preloadable } from "@/lib/preloadable.ts";
// Before any page chunk brings zod (see the module).
import "@/lib/zod-jitless.ts";

export type AppRoute = {
  path: string;
  frame: PageFrame;
  /** Its chunk is fetched while the user is asked for (app-router.tsx). */
  page: Preloadable<object>;
  /** Asks for the data its first screen waits on, alongside the chunk rather than after it. */
  prefetch?: (client: QueryClient) => Promise<void>;
  /**
   * Run before the server's HTML of this page is hydrated (main.tsx), for what the page would
   * otherwise ask for only once hydrated. Matched by path equality: pages without parameters.
   */
  beforeHydration?: (client: QueryClient) => void;
};

type PageLoader = () => Promise<{ default: ComponentType<object> }>;

// Every page is its own chunk, so the first visit downloads only the page it shows. The paths,
// frames and titles come from common/pages.ts, which the server answers from as well.
const PAGE_LOADERS: Record<PageName, PageLoader> = {
  // Visitors see the landing page; signed-in players their dashboard, in the shell.
  landing: () => import("@/pages/root.tsx"),
  waitlist: () => import("@/pages/waitlist.tsx"),
  contact: () => import("@/pages/contact.tsx"),
  // The directory's map is its own chunk (Leaflet); fetched alongside in the browser, it renders
  // with the page. The server's renderer has no window for Leaflet (the map is client-only).
  courts: () =>
    Promise.all([
      import("@/pages/courts.tsx"),
      typeof window === "undefined" ? null : import("@/features/courts/map/courts-map.tsx"),
    ]).then(([page]) => page),
  suggestCourt: () => import("@/pages/suggest-court.tsx"),
  court: () => import("@/pages/court.tsx"),
  leaderboard: () => import("@/pages/leaderboard.tsx"),
  game: () => import("@/pages/game-detail.tsx"),
  run: () => import("@/pages/run.tsx"),
  dashboard: () => import("@/pages/dashboard.tsx"),
  home: () => import("@/pages/home.tsx"),
  profile: () => import("@/pages/profile.tsx"),
  settings: () => import("@/pages/settings.tsx"),
  notifications: () => import("@/pages/notifications.tsx"),
  profileSetup: () => import("@/pages/profile-setup.tsx"),
  onboarding: () => import("@/pages/onboarding.tsx"),
  games: () => import("@/pages/games.tsx"),
  createGame: () => import("@/pages/create-game.tsx"),
  players: () => import("@/pages/players.tsx"),
  operator: () => import("@/pages/operator.tsx"),
  cantMakeIt: () => import("@/pages/cant-make-it.tsx"),
};

const PAGE_PREFETCHES: Partial<Record<PageName, (client: QueryClient) => Promise<void>>> = {
  // The map opens on where the courts are, so its markers wait on the overview.
  courts: async (client) => {
    const { courtOverviewQuery } = await import("@/features/courts/court-overview-query.ts");
    await client.prefetchQuery(courtOverviewQuery);
  },
};

const PAGE_BEFORE_HYDRATION: Partial<Record<PageName, (client: QueryClient) => void>> = {
  // The page's chunks now rather than when hydration reaches the page (a failure is the
  // router's to report when it asks again), and the map's first court tiles while the page
  // hydrates and the map waits for its first frame (decisions §63). Asked for here, not
  // preloaded with the HTML: Lighthouse's simulated LCP counts such requests (§68).
  courts: (client) => {
    PAGE_LOADERS.courts().catch(() => {});
    void import("@/features/courts/map/first-tiles.ts").then(({ fetchFirstTiles }) =>
      fetchFirstTiles(document, client, window.location.search),
    );
  },
};

export const APP_ROUTES: readonly AppRoute[] = (Object.keys(PAGES) as PageName[]).map((name) => ({
  path: PAGES[name].path,
  frame: PAGES[name].frame,
  page: preloadable(PAGE_LOADERS[name]),
  prefetch: PAGE_PREFETCHES[name],
  beforeHydration: PAGE_BEFORE_HYDRATION[name],
}));

export const NotFoundPage = lazy(() => import("./not-found-page.tsx"));
