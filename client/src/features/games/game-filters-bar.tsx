import { useId } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Checkbox } from "@/components/ui/checkbox.tsx";
import { Input } from "@/components/ui/input.tsx";
import { Label } from "@/components/ui/label.tsx";
import { Select } from "@/components/ui/select.tsx";
import { DAY_CHOICES, type DayChoice } from "./day-range.ts";
import { type CourtOption, type FinderFilters, hasFilters, NO_FILTERS } from "./game-filters.ts";

type GameFiltersBarProps = {
  filters: FinderFilters;
  courts: readonly CourtOption[];
  onChange: (filters: FinderFilters) => void;
};

const localDateValue = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;

/** Day, court and open spots for the /games finder; each change applies at once. */
export function GameFiltersBar({ filters, courts, onChange }: GameFiltersBarProps) {
  const id = useId();
  const set = (change: Partial<FinderFilters>) => onChange({ ...filters, ...change });
  return (
    <fieldset className="grid gap-4 rounded-lg border bg-card p-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
      <legend className="sr-only">Filter games</legend>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-day`}>Day</Label>
        <Select
          id={`${id}-day`}
          value={filters.day}
          onChange={(e) => set({ day: e.target.value as DayChoice })}
        >
          {Object.entries(DAY_CHOICES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </div>
      {filters.day === "date" && (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-date`}>Date</Label>
          <Input
            id={`${id}-date`}
            type="date"
            min={localDateValue(new Date())}
            value={filters.date}
            onChange={(e) => set({ date: e.target.value })}
          />
        </div>
      )}
      <div className="grid gap-2">
        <Label htmlFor={`${id}-court`}>Court</Label>
        <Select
          id={`${id}-court`}
          value={filters.courtId?.toString() ?? ""}
          onChange={(e) => set({ courtId: e.target.value ? Number(e.target.value) : undefined })}
        >
          <option value="">Any court</option>
          {courts.map((court) => (
            <option key={court.id} value={court.id}>
              {court.name}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex min-h-10 items-center gap-2">
        <Checkbox
          id={`${id}-open`}
          checked={filters.openSpots}
          onChange={(e) => set({ openSpots: e.target.checked })}
        />
        <Label htmlFor={`${id}-open`}>Only games with open spots</Label>
      </div>
      {hasFilters(filters) && (
        <Button variant="ghost" className="justify-self-start" onClick={() => onChange(NO_FILTERS)}>
          Clear filters
        </Button>
      )}
    </fieldset>
  );
}
