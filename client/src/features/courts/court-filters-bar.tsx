import { Search } from "lucide-react";
import { memo, useId } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Input } from "@/components/ui/input.tsx";
import { Label } from "@/components/ui/label.tsx";
import {
  type CourtFilters,
  type CourtSort,
  DEFAULT_FILTERS,
  SORT_OPTIONS,
  toggleCourtType,
  toggleFlag,
} from "./court-filters.ts";

type FilterToggleProps = { pressed: boolean; onClick: () => void; children: string };

function FilterToggle({ pressed, onClick, children }: FilterToggleProps) {
  return (
    <Button
      size="sm"
      variant={pressed ? "default" : "outline"}
      aria-pressed={pressed}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

type CourtFiltersBarProps = {
  filters: CourtFilters;
  onChange: (filters: CourtFilters) => void;
};

/** Search, the four toggles of product §2, the sort and Clear All Filters. */
export const CourtFiltersBar = memo(function CourtFiltersBar({
  filters,
  onChange,
}: CourtFiltersBarProps) {
  const searchId = useId();
  const sortId = useId();
  return (
    <div className="grid gap-3 rounded-lg border bg-card p-4 shadow-sm md:grid-cols-[1fr_auto] md:items-end">
      <div className="grid gap-1.5">
        <Label htmlFor={searchId}>Search courts</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={searchId}
            type="search"
            className="pl-9"
            placeholder="Search by name, address, or area..."
            value={filters.search}
            onChange={(event) => onChange({ ...filters, search: event.target.value })}
          />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={sortId}>Sort by</Label>
        {/* A set width: Chromium may lay a select out before it counts its options' text, then
            widen it, which moved this column (a layout shift). */}
        <select
          id={sortId}
          className="h-10 md:w-40 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          value={filters.sort}
          onChange={(event) => onChange({ ...filters, sort: event.target.value as CourtSort })}
        >
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-wrap items-center gap-2 md:col-span-2">
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Court filters</legend>
          <FilterToggle
            pressed={filters.courtType === "outdoor"}
            onClick={() => onChange(toggleCourtType(filters, "outdoor"))}
          >
            Outdoor
          </FilterToggle>
          <FilterToggle
            pressed={filters.courtType === "indoor"}
            onClick={() => onChange(toggleCourtType(filters, "indoor"))}
          >
            Indoor
          </FilterToggle>
          <FilterToggle
            pressed={filters.litOnly}
            onClick={() => onChange(toggleFlag(filters, "litOnly"))}
          >
            Lit Courts
          </FilterToggle>
          <FilterToggle
            pressed={filters.freeOnly}
            onClick={() => onChange(toggleFlag(filters, "freeOnly"))}
          >
            Free to Play
          </FilterToggle>
        </fieldset>
        <Button
          size="sm"
          variant="ghost"
          className="ml-auto"
          onClick={() => onChange(DEFAULT_FILTERS)}
        >
          Clear All Filters
        </Button>
      </div>
    </div>
  );
});
