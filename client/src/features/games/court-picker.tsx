import type { Court } from "@common/courts.ts";
import { milesBetween } from "@common/geo.ts";
import { useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { type Ref, useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Input } from "@/components/ui/input.tsx";
import { formatCount } from "@/lib/format-count.ts";
import { useDebouncedValue } from "@/lib/use-debounced-value.ts";
import { COURTS_SHOWN, courtByIdQuery, courtOptionsQuery } from "./court-options-query.ts";
import { formatDistance } from "./game-format.ts";

export { COURTS_SHOWN };

const SEARCH_DEBOUNCE_MS = 250;

type Here = { latitude: number | null; longitude: number | null } | null | undefined;

type CourtPickerProps = {
  value: number | undefined;
  onChange: (courtId: number | undefined) => void;
  /** The chosen court itself (its time zone sets the form's clock), or undefined. */
  onCourtChange?: (court: Court | undefined) => void;
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
 * The create form's Court: type to search every court on the server by name, address or city,
 * then choose one of the matches (native radios: arrow keys, one tab stop, announced as a group
 * of choices).
 */
export function CourtPicker(props: CourtPickerProps) {
  const { value, onChange, onCourtChange, here, error, inputRef } = props;
  const [search, setSearch] = useState("");
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const options = useQuery(courtOptionsQuery(debounced, here));
  const [chosen, setChosen] = useState<Court | undefined>(undefined);
  // A court from a link (?courtId=) is looked up by id; a retired court or a typo is no choice.
  const linked = useQuery({
    ...courtByIdQuery(value ?? 0),
    enabled: value !== undefined && chosen?.id !== value,
  });
  const id = useId();

  useEffect(() => {
    if (value === undefined || chosen?.id === value || !linked.isSuccess) return;
    if (linked.data) setChosen(linked.data);
    else onChange(undefined);
  }, [value, chosen, linked.isSuccess, linked.data, onChange]);
  const current = value !== undefined && chosen?.id === value ? chosen : undefined;
  useEffect(() => onCourtChange?.(current), [current, onCourtChange]);

  const matches = options.data?.items ?? [];
  const total = options.data?.total ?? 0;
  // The chosen court stays in view while the player searches for something else.
  const shown = [
    ...(current ? [current] : []),
    ...matches
      .filter((c) => c.id !== current?.id)
      .slice(0, current ? COURTS_SHOWN - 1 : COURTS_SHOWN),
  ];

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
          placeholder="Search by name, address or city"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-count${error ? ` ${id}-error` : ""}`}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <p id={`${id}-count`} role="status" className="text-sm text-muted-foreground">
        {options.isPending && "Loading courts..."}
        {options.data && total === 0 && "No courts match your search."}
        {options.data &&
          total > COURTS_SHOWN &&
          `${formatCount(total)} courts match. Type to narrow the list.`}
      </p>
      {options.isError && (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          Courts could not be loaded.
          <Button size="sm" variant="outline" onClick={() => void options.refetch()}>
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
              onChoose={() => {
                setChosen(court);
                onChange(court.id);
              }}
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
