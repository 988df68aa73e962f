import { BADGE_RULES } from "@common/badges.ts";
import { BADGE_TYPES, type BadgeType } from "@common/constants.ts";
import { BADGE_TYPE_KEYS, type PlayerBadge } from "@common/profile.ts";
import { dateFormat } from "@common/zoned-time.ts";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { cn } from "@/lib/cn.ts";
import { useUserAchievements } from "@/lib/profile-queries.ts";
import { BADGE_ICONS } from "./badge-icons.ts";

const earnedDate = () =>
  dateFormat({
    month: "short",
    day: "numeric",
    year: "numeric",
  });

/**
 * All six badge types, always (product §2); the ones not earned yet are dimmed. Only the icon is
 * dimmed: the name keeps full contrast so it stays readable, and the words say which is which.
 */
export function BadgeGrid({ badges }: { badges: readonly PlayerBadge[] }) {
  const earned = new Map(badges.map((b) => [b.badgeType, b]));
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {BADGE_TYPE_KEYS.map((type: BadgeType) => {
        const badge = earned.get(type);
        const Icon = BADGE_ICONS[type];
        return (
          <li
            key={type}
            data-earned={badge ? "true" : "false"}
            className={cn(
              "flex flex-col items-center gap-2 rounded-lg border p-3 text-center",
              badge ? "border-primary bg-accent" : "border-dashed bg-muted/40",
            )}
          >
            <Icon
              aria-hidden="true"
              className={cn("size-8", badge ? "text-primary" : "text-slate-400 opacity-60")}
            />
            <span className="text-sm font-semibold">{BADGE_TYPES[type]}</span>
            {/* How to earn it, so an unearned badge is a goal rather than a mystery. */}
            <span className="text-xs">{BADGE_RULES[type].description}</span>
            <span className="text-xs text-muted-foreground">
              {badge ? `Earned ${earnedDate().format(new Date(badge.earnedAt))}` : "Not earned yet"}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** Spec §2 "Badges & Achievements" widget: the signed-in player's badges. */
export function BadgesPanel({ headingLevel = "h2" }: { headingLevel?: "h2" | "h3" | "h4" }) {
  const { data: badges, isError } = useUserAchievements();
  return (
    <Card>
      <CardHeader>
        <CardTitle as={headingLevel}>Badges &amp; Achievements</CardTitle>
      </CardHeader>
      <CardContent>
        {isError && (
          <p className="mb-3 text-sm text-muted-foreground">Badges could not be loaded.</p>
        )}
        <BadgeGrid badges={badges ?? []} />
      </CardContent>
    </Card>
  );
}
