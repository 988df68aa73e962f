import { levelText } from "@common/levels.ts";
import { SKILLS } from "@common/profile.ts";
import type { Profile } from "@common/user.ts";
import { useUserProfile } from "@/lib/profile-queries.ts";
import { useUserLevel } from "./user-level-query.ts";

/** What the player says: the mean of their five self-rated skills, to one decimal. */
export function saysText(profile: Profile): string {
  const mean = SKILLS.reduce((sum, { key }) => sum + profile[key], 0) / SKILLS.length;
  return `Says ${mean.toFixed(1)}`;
}

function resultsText(games: number): string {
  if (games === 0) return "No results yet: where your self-rating starts you";
  return `Learned from ${games} ${games === 1 ? "result" : "results"}`;
}

/**
 * The signed-in player's level, learned from their results, beside what they say (their
 * self-rating): "Level 3.4 · settling in", "Says 3.2". The box keeps its height while the level
 * loads, so the page below does not move.
 */
export function OwnLevel() {
  const level = useUserLevel();
  const { data: profile } = useUserProfile();
  return (
    <section
      aria-label="Level"
      className="flex min-h-16 flex-wrap items-center gap-x-6 gap-y-1 rounded-lg border bg-card p-4"
    >
      {level.data ? (
        <>
          <div>
            <p className="font-semibold">{levelText(level.data)}</p>
            <p className="text-sm text-muted-foreground">{resultsText(level.data.games)}</p>
          </div>
          {profile && <p className="text-muted-foreground">{saysText(profile)}</p>}
        </>
      ) : (
        <p className="text-sm text-muted-foreground" role="status">
          {level.isError ? "Level could not be loaded." : "Loading level..."}
        </p>
      )}
    </section>
  );
}
