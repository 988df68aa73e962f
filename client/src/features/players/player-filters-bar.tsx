import { POSITIONS } from "@common/constants.ts";
import { SKILL_LEVELS } from "@common/players.ts";
import { useId } from "react";
import { NO_PLAYER_FILTERS, type PlayerFilters } from "./player-filters.ts";

type PlayerFiltersBarProps = {
  filters: PlayerFilters;
  onChange: (filters: PlayerFilters) => void;
};

const selectClass =
  "h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/** Position, skill level and availability: plain native controls, usable by anyone. */
export function PlayerFiltersBar({ filters, onChange }: PlayerFiltersBarProps) {
  const id = useId();
  const isFiltered = filters.position !== "all" || filters.level !== "all" || filters.availableOnly;
  return (
    <fieldset className="grid gap-3 rounded-lg border bg-card p-4 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end">
      <legend className="sr-only">Filter players</legend>
      <div className="space-y-1">
        <label htmlFor={`${id}-position`} className="text-sm font-medium">
          Position
        </label>
        <select
          id={`${id}-position`}
          className={selectClass}
          value={filters.position}
          onChange={(e) => onChange({ ...filters, position: e.target.value })}
        >
          <option value="all">All positions</option>
          {POSITIONS.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-level`} className="text-sm font-medium">
          Skill level
        </label>
        <select
          id={`${id}-level`}
          className={selectClass}
          value={filters.level}
          onChange={(e) =>
            onChange({ ...filters, level: e.target.value as PlayerFilters["level"] })
          }
        >
          <option value="all">All levels</option>
          {SKILL_LEVELS.map((level) => (
            <option key={level} value={level}>
              {level}
            </option>
          ))}
        </select>
      </div>
      <label className="flex h-10 items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="size-4 accent-orange-700"
          checked={filters.availableOnly}
          onChange={(e) => onChange({ ...filters, availableOnly: e.target.checked })}
        />
        Available now only
      </label>
      <button
        type="button"
        className="h-10 text-sm font-medium text-primary underline-offset-4 hover:underline disabled:opacity-50"
        disabled={!isFiltered}
        onClick={() => onChange(NO_PLAYER_FILTERS)}
      >
        Clear filters
      </button>
    </fieldset>
  );
}
