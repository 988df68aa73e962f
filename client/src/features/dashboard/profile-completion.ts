import { SKILL_DEFAULT } from "@common/constants.ts";
import type { CurrentUser } from "@common/user.ts";

export type JourneyStep = { label: string; done: boolean; href: string };

/**
 * The journey card's checklist and the real completion behind its bar (the spec's fixed 85%
 * would tell every player the same thing). Five steps, each worth a fifth: a city, a profile,
 * skills rated (at least one moved off the default 3), available to hoop, and a first court
 * (a check-in or a game, counted by the stats' courtsVisited).
 */
export function journeySteps(
  user: CurrentUser | null,
  courtsVisited: number | undefined,
): JourneyStep[] {
  const p = user?.profile ?? null;
  const skills = p ? [p.skillHandles, p.skillShot, p.skillIq, p.skillVert, p.skillDefense] : [];
  return [
    { label: "Set your city", done: Boolean(user?.city), href: "/settings" },
    {
      label: "Create your player profile",
      done: Boolean(user?.hasProfile),
      href: "/profile-setup",
    },
    {
      label: "Rate your skills",
      done: skills.some((s) => s !== SKILL_DEFAULT),
      href: "/profile-setup",
    },
    { label: "Mark yourself available", done: Boolean(p?.isAvailable), href: "/profile-setup" },
    { label: "Check in at a court", done: (courtsVisited ?? 0) > 0, href: "/courts" },
  ];
}

export function completionPercent(steps: readonly JourneyStep[]): number {
  if (steps.length === 0) return 0;
  return Math.round((100 * steps.filter((s) => s.done).length) / steps.length);
}
