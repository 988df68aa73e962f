import { BADGE_TYPES, type BadgeType } from "@common/constants.ts";
import { gameTitle } from "@common/game-limits.ts";
import type { Game } from "@common/games.ts";
import type { PlayerBadge } from "@common/profile.ts";

export type Activity = {
  key: string;
  /** ISO 8601: when it happened. */
  at: string;
  text: string;
  detail?: string;
  href?: string;
};

/** Spec §9 counts recent things in threes; the feed shows a few more. */
export const ACTIVITY_SHOWN = 5;

/** The player's latest games played and badges earned, newest first. */
export function activityFeed(
  games: readonly Game[] | undefined,
  badges: readonly PlayerBadge[] | undefined,
): Activity[] {
  const played = (games ?? [])
    .filter((g) => g.status === "completed")
    .map((g) => ({
      key: `game-${g.id}`,
      at: g.endsAt,
      text: `Played ${gameTitle(g)}`,
      detail: g.result
        ? `${g.court.name} · Team A ${g.result.teamAScore} – ${g.result.teamBScore} Team B`
        : g.court.name,
      href: `/game/${g.id}`,
    }));
  const earned = (badges ?? []).map((b) => ({
    key: `badge-${b.id}`,
    at: b.earnedAt,
    text: `Earned the ${BADGE_TYPES[b.badgeType as BadgeType] ?? b.badgeType} badge`,
  }));
  return [...played, ...earned]
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
    .slice(0, ACTIVITY_SHOWN);
}
