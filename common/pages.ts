import { parse } from "regexparam";
import { PRODUCT_NAME } from "./constants.ts";

/**
 * public: the top navigation bar, for everyone.
 * signed-in: only for signed-in users, inside the navigation shell.
 * public-in-shell: for everyone; signed-in users see it inside the shell, because the shell's
 * menu links to it and leaving the shell there would lose the sidebar.
 */
export type PageFrame = "public" | "signed-in" | "public-in-shell";

export type PageDefinition = {
  /** A wouter pattern: literal segments and `:name` parameters, one segment each. */
  path: string;
  frame: PageFrame;
  /** The tab title (before " · Ball with the Bros"); null: the product name alone. */
  title: string | null;
  /** What a search result or a link preview says about the page. */
  description?: string;
};

/**
 * Every page of the app, in one list: the client's router renders these paths, and the server
 * answers exactly these with the app (with each page's own title and preview tags) and every
 * other path with a 404. Pages whose title depends on data (a game, a court) give the title
 * shown while it loads; the server and the page compute the real one the same way.
 */
export const PAGES = {
  landing: {
    path: "/",
    frame: "public-in-shell",
    title: null,
    description:
      "Find basketball courts, meet players of your level and run pickup games near you.",
  },
  waitlist: {
    path: "/waitlist",
    frame: "public",
    title: "Join the Waitlist",
    description: "Get early access to Ball with the Bros in your city.",
  },
  contact: {
    path: "/contact",
    frame: "public",
    title: "Contact",
    description: "Questions, ideas or a court we are missing? Get in touch.",
  },
  courts: {
    path: "/courts",
    frame: "public-in-shell",
    title: "Courts",
    description:
      "Basketball courts on a map: indoor and outdoor, lights, free to play, and who is playing now.",
  },
  // Before courts/:id, which would otherwise take "suggest" for an id.
  suggestCourt: { path: "/courts/suggest", frame: "signed-in", title: "Suggest a Court" },
  court: { path: "/courts/:id", frame: "public-in-shell", title: "Court" },
  leaderboard: {
    path: "/leaderboard",
    frame: "public-in-shell",
    title: "Leaderboard",
    description: "The top pickup players of all time, this week and in your city.",
  },
  game: { path: "/game/:id", frame: "public-in-shell", title: "Game Details" },
  run: { path: "/runs/:id", frame: "public-in-shell", title: "Weekly Run" },
  dashboard: { path: "/dashboard", frame: "signed-in", title: "Dashboard" },
  home: { path: "/home", frame: "signed-in", title: "Home" },
  profile: { path: "/profile", frame: "signed-in", title: "Profile" },
  settings: { path: "/settings", frame: "signed-in", title: "Settings" },
  notifications: { path: "/notifications", frame: "signed-in", title: "Notifications" },
  profileSetup: { path: "/profile-setup", frame: "signed-in", title: "Set Up Your Profile" },
  onboarding: { path: "/onboarding", frame: "signed-in", title: `Welcome to ${PRODUCT_NAME}` },
  games: { path: "/games", frame: "signed-in", title: "Pickup Games" },
  createGame: { path: "/games/create", frame: "signed-in", title: "Create a Game" },
  players: { path: "/players", frame: "signed-in", title: "Connect with Bros" },
  // Not in the navigation: operators reach it from Settings (decision 116).
  operator: { path: "/operator", frame: "signed-in", title: "Operator" },
  // A reminder's link: no session needed, the signed token is the key (decision 102).
  cantMakeIt: { path: "/cant-make-it/:token", frame: "public", title: "Can't make it" },
} as const satisfies Record<string, PageDefinition>;

export type PageName = keyof typeof PAGES;

/** The title of the app's own 404 page. */
export const PAGE_NOT_FOUND = "Page Not Found";

/** 'Courts · Ball with the Bros'; the product name alone without a page title. */
export function documentTitle(title?: string | null): string {
  return title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}

export type PageMatch = { name: PageName; params: Record<string, string> };

const PATTERNS = (Object.entries(PAGES) as [PageName, PageDefinition][]).map(([name, page]) => ({
  name,
  ...parse(page.path),
}));

/**
 * The page a path shows, with its parameters, or null. It parses the patterns with
 * regexparam, the parser wouter itself uses, so the server and the client's router agree on
 * every path (letter case and a trailing slash included).
 */
export function matchPage(pathname: string): PageMatch | null {
  for (const { name, pattern, keys } of PATTERNS) {
    const found = pattern.exec(pathname);
    if (!found) continue;
    const params: Record<string, string> = {};
    (keys || []).forEach((key, i) => {
      params[key] = found[i + 1] ?? "";
    });
    return { name, params };
  }
  return null;
}
