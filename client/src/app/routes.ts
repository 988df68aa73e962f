import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/**
 * public: the top navigation bar, for everyone.
 * signed-in: only for signed-in users, inside the navigation shell.
 * public-in-shell: for everyone; signed-in users see it inside the shell, because the shell's
 * menu links to it and leaving the shell there would lose the sidebar.
 */
export type RouteFrame = "public" | "signed-in" | "public-in-shell";

export type AppRoute = {
  path: string;
  frame: RouteFrame;
  page: LazyExoticComponent<ComponentType>;
};

// Every page is its own chunk, so the first visit downloads only the page it shows.
export const APP_ROUTES: readonly AppRoute[] = [
  { path: "/", frame: "public", page: lazy(() => import("@/pages/landing.tsx")) },
  { path: "/waitlist", frame: "public", page: lazy(() => import("@/pages/waitlist.tsx")) },
  { path: "/contact", frame: "public", page: lazy(() => import("@/pages/contact.tsx")) },
  { path: "/courts", frame: "public-in-shell", page: lazy(() => import("@/pages/courts.tsx")) },
  // Before /courts/:id, which would otherwise take "suggest" for an id.
  {
    path: "/courts/suggest",
    frame: "signed-in",
    page: lazy(() => import("@/pages/suggest-court.tsx")),
  },
  { path: "/courts/:id", frame: "public-in-shell", page: lazy(() => import("@/pages/court.tsx")) },
  {
    path: "/leaderboard",
    frame: "public-in-shell",
    page: lazy(() => import("@/pages/leaderboard.tsx")),
  },
  {
    path: "/game/:id",
    frame: "public-in-shell",
    page: lazy(() => import("@/pages/game-detail.tsx")),
  },
  { path: "/dashboard", frame: "signed-in", page: lazy(() => import("@/pages/dashboard.tsx")) },
  { path: "/home", frame: "signed-in", page: lazy(() => import("@/pages/home.tsx")) },
  { path: "/profile", frame: "signed-in", page: lazy(() => import("@/pages/profile.tsx")) },
  { path: "/settings", frame: "signed-in", page: lazy(() => import("@/pages/settings.tsx")) },
  {
    path: "/profile-setup",
    frame: "signed-in",
    page: lazy(() => import("@/pages/profile-setup.tsx")),
  },
  { path: "/onboarding", frame: "signed-in", page: lazy(() => import("@/pages/onboarding.tsx")) },
  { path: "/games", frame: "signed-in", page: lazy(() => import("@/pages/games.tsx")) },
  {
    path: "/games/create",
    frame: "signed-in",
    page: lazy(() => import("@/pages/create-game.tsx")),
  },
  { path: "/players", frame: "signed-in", page: lazy(() => import("@/pages/players.tsx")) },
];

export const NotFoundPage = lazy(() => import("./not-found-page.tsx"));
