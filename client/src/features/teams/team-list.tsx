import { TEAM_LABEL } from "@common/team-limits.ts";
import type { Team } from "@common/teams.ts";

/** One team: its name, its chance when it plays, and its players with level and position. */
export function TeamList({ team }: { team: Team }) {
  const label = TEAM_LABEL[team.team];
  return (
    <section aria-label={label} className="min-w-0 rounded-md border p-3">
      <h3 className="flex items-baseline justify-between gap-2 font-semibold">
        {label}
        {team.chance !== null && (
          <span className="text-sm font-normal text-muted-foreground">{team.chance}%</span>
        )}
      </h3>
      <ul className="mt-2 space-y-1.5">
        {team.players.map((p) => (
          <li key={p.userId} className="flex min-w-0 items-baseline justify-between gap-2">
            <span className="truncate">{p.name}</span>
            <span className="shrink-0 text-sm text-muted-foreground">
              {[p.level === null ? null : `Level ${p.level.toFixed(1)}`, p.position]
                .filter(Boolean)
                .join(" · ")}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
