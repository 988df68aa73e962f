import type { Court } from "@common/courts.ts";
import { milesBetween } from "@common/position.ts";
import { Search } from "lucide-react";
import { type Ref, useEffect, useId, useMemo, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Input } from "@/components/ui/input.tsx";
import { filterCourts } from "@/features/checkins/court-search.ts";
import { useCourts } from "@/features/courts/courts-query.ts";
import { formatDistance } from "./game-format.ts";

/** How many matching courts the list shows; typing narrows the rest down. */
export const COURTS_SHOWN = 8;

type Here = { latitude: number | null; longitude: number | null } | null | undefined;

type CourtPickerProps = {
  value: number | undefined;
  onChange: (courtId: number | undefined) => void;
  /** The player's position: nearest courts first when it is known, else by name. */
  here: Here;
  error?: string;
  /** Focused when the field is wrong (react-hook-form's field ref). */
  inputRef?: Ref<HTMLInputElement>;
};

const miles = (here: Here, court: Court) => {
  const distance = milesBetween(here, court);
  return distance === null ? null : Math.round(distance * 10) / 10;
};

function CourtOption({
  court,
  here,
  checked,
  name,
  onChoose,
}: {
  court: Court;
  here: Here;
  checked: boolean;
  name: string;
  onChoose: () => void;
}) {
  const distance = miles(here, court);
  return (
    <li>
      <label className="flex cursor-pointer items-start gap-3 rounded-md border p-3 has-[:checked]:border-orange-700 has-[:checked]:bg-orange-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
        <input
          type="radio"
          name={name}
          value={court.id}
          checked={checked}
          onChange={onChoose}
          className="mt-1 size-4 accent-primary focus-visible:outline-none"
        />
        <span className="min-w-0">
          <span className="block font-medium">{court.name}</span>
          <span className="block text-sm text-muted-foreground">
            {court.address}
            {distance !== null && ` · ${formatDistance(distance)}`}
          </span>
        </span>
      </label>
    </li>
  );
}

/**
 * The create form's Court: type to filter every court by name or address, then choose one of
 * the matches (native radios: arrow keys, one tab stop, announced as a group of choices).
 */
export function CourtPicker({ value, onChange, here, error, inputRef }: CourtPickerProps) {
  const { data: courts, isPending, isError, refetch } = useCourts();
  const [search, setSearch] = useState("");
  const id = useId();
  const sorted = useMemo(() => {
    const list = [...(courts ?? [])];
    const hereKnown = here?.latitude != null && here.longitude != null;
    return hereKnown
      ? list.sort((a, b) => (milesBetween(here, a) ?? 0) - (milesBetween(here, b) ?? 0))
      : list.sort((a, b) => a.name.localeCompare(b.name));
  }, [courts, here]);
  const chosen = sorted.find((court) => court.id === value);
  const matches = filterCourts(sorted, search, new Set(), null);
  // The chosen court stays in view while the player searches for something else.
  const shown = [
    ...(chosen ? [chosen] : []),
    ...matches.filter((c) => c !== chosen).slice(0, chosen ? COURTS_SHOWN - 1 : COURTS_SHOWN),
  ];

  // A court from a link (?courtId=) that is not listed (retired, or a typo) is not a choice.
  useEffect(() => {
    if (courts && value !== undefined && !courts.some((c) => c.id === value)) onChange(undefined);
  }, [courts, value, onChange]);

  return (
    <fieldset className="grid gap-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium">Court</legend>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <label htmlFor={`${id}-search`} className="sr-only">
          Search courts
        </label>
        <Input
          id={`${id}-search`}
          ref={inputRef}
          type="search"
          className="pl-9"
          placeholder="Search by name or address"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-count${error ? ` ${id}-error` : ""}`}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <p id={`${id}-count`} role="status" className="text-sm text-muted-foreground">
        {isPending && "Loading courts..."}
        {courts && matches.length === 0 && "No courts match your search."}
        {courts &&
          matches.length > COURTS_SHOWN &&
          `${matches.length} courts match. Type to narrow the list.`}
      </p>
      {isError && (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          Courts could not be loaded.
          <Button size="sm" variant="outline" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      )}
      {shown.length > 0 && (
        <ul className="grid gap-2">
          {shown.map((court) => (
            <CourtOption
              key={court.id}
              court={court}
              here={here}
              name={`${id}-court`}
              checked={court.id === value}
              onChoose={() => onChange(court.id)}
            />
          ))}
        </ul>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
