import { PAGES, type PageFrame, type PageName } from "@common/pages.ts";
import { type ComponentType, type LazyExoticComponent, lazy } from "react";

export type AppRoute = {
  path: string;
  frame: PageFrame;
  page: LazyExoticComponent<ComponentType>;
};

type LazyPage = LazyExoticComponent<ComponentType>;

// Every page is its own chunk, so the first visit downloads only the page it shows. The paths,
// frames and titles come from common/pages.ts, which the server answers from as well.
const PAGE_COMPONENTS: Record<PageName, LazyPage> = {
  // Visitors see the landing page; signed-in players their dashboard, in the shell.
  landing: lazy(() => import("@/pages/root.tsx")),
  waitlist: lazy(() => import("@/pages/waitlist.tsx")),
  contact: lazy(() => import("@/pages/contact.tsx")),
  courts: lazy(() => import("@/pages/courts.tsx")),
  suggestCourt: lazy(() => import("@/pages/suggest-court.tsx")),
  court: lazy(() => import("@/pages/court.tsx")),
  leaderboard: lazy(() => import("@/pages/leaderboard.tsx")),
  game: lazy(() => import("@/pages/game-detail.tsx")),
  dashboard: lazy(() => import("@/pages/dashboard.tsx")),
  home: lazy(() => import("@/pages/home.tsx")),
  profile: lazy(() => import("@/pages/profile.tsx")),
  settings: lazy(() => import("@/pages/settings.tsx")),
  notifications: lazy(() => import("@/pages/notifications.tsx")),
  profileSetup: lazy(() => import("@/pages/profile-setup.tsx")),
  onboarding: lazy(() => import("@/pages/onboarding.tsx")),
  games: lazy(() => import("@/pages/games.tsx")),
  createGame: lazy(() => import("@/pages/create-game.tsx")),
  players: lazy(() => import("@/pages/players.tsx")),
};

export const APP_ROUTES: readonly AppRoute[] = (Object.keys(PAGES) as PageName[]).map((name) => ({
  path: PAGES[name].path,
  frame: PAGES[name].frame,
  page: PAGE_COMPONENTS[name],
}));

export const NotFoundPage = lazy(() => import("./not-found-page.tsx"));
