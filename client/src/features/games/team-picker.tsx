import { TEAMS, type Team } from "@common/game-limits.ts";
import { useId } from "react";
import { cn } from "@/lib/cn.ts";

type TeamPickerProps = {
  playerName: string;
  value: Team | undefined;
  onChange: (team: Team) => void;
  error?: string;
};

/** One player's side: a radio group named after the player, Team A or Team B. */
export function TeamPicker({ playerName, value, onChange, error }: TeamPickerProps) {
  const id = useId();
  return (
    <div
      role="radiogroup"
      aria-labelledby={`${id}-name`}
      aria-describedby={error ? `${id}-error` : undefined}
      className="flex flex-wrap items-center justify-between gap-2 py-2"
    >
      <span id={`${id}-name`} className="min-w-0 truncate font-medium">
        {playerName}
      </span>
      <div className="flex gap-2">
        {TEAMS.map((team) => (
          <label
            key={team}
            className={cn(
              "cursor-pointer rounded-md border border-input px-3 py-1.5 text-sm font-medium",
              "has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-ring has-[input:focus-visible]:ring-offset-2",
              "has-[input:checked]:border-primary has-[input:checked]:bg-primary has-[input:checked]:text-primary-foreground",
            )}
          >
            <input
              type="radio"
              name={id}
              value={team}
              checked={value === team}
              onChange={() => onChange(team)}
              className="sr-only"
            />
            Team {team}
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="basis-full text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
