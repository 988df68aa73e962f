import type { LocationSuggestion } from "@common/onboarding.ts";
import { Check, MapPin, Search } from "lucide-react";
import { useId, useState } from "react";
import { Input } from "@/components/ui/input.tsx";
import { Label } from "@/components/ui/label.tsx";
import { cn } from "@/lib/cn.ts";
import { useCitySearch } from "./city-search-query.ts";
import { formatPopulation } from "./format-population.ts";

export const placeName = (place: Pick<LocationSuggestion, "city" | "state">) =>
  `${place.city}, ${place.state}`;

type CitySearchProps = {
  label: string;
  selected: LocationSuggestion | null;
  onSelect: (place: LocationSuggestion) => void;
};

/**
 * Type a city, pick it from the largest matching places (product §2): 'Searching...' while the
 * answer is on its way, 'No cities found' when there is none, results in a 16rem scrolling
 * list. The choice is the caller's to keep and save. Each result is a toggle button, so the
 * list works with a keyboard and a screen reader without a combobox's complexity.
 */
export function CitySearch({ label, selected, onSelect }: CitySearchProps) {
  const id = useId();
  const [text, setText] = useState("");
  const search = useCitySearch(text);
  const results = search.data ?? [];
  const status = !search.hasText
    ? ""
    : search.isSearching
      ? "Searching..."
      : search.isError
        ? "The search failed. Please try again."
        : results.length === 0
          ? "No cities found"
          : `${results.length} ${results.length === 1 ? "city" : "cities"} found`;

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={id}
          type="search"
          autoComplete="off"
          placeholder="City, or City, ST"
          aria-describedby={`${id}-status`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="pl-9"
        />
      </div>
      {/* Always in the page so screen readers hear each change; takes no room while empty. */}
      <p
        id={`${id}-status`}
        role="status"
        className={cn("text-sm text-muted-foreground", !status && "sr-only")}
      >
        {status}
      </p>
      {search.hasText && results.length > 0 && !search.isError && (
        <ul
          aria-label="Matching cities"
          className="max-h-64 divide-y overflow-y-auto rounded-md border"
        >
          {results.map((place) => {
            const isChosen = selected?.id === place.id;
            return (
              <li key={place.id}>
                <button
                  type="button"
                  aria-pressed={isChosen}
                  onClick={() => onSelect(place)}
                  className={cn(
                    "flex w-full items-center gap-3 px-3 py-2.5 text-left hover:bg-accent focus-visible:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset",
                    isChosen && "bg-accent",
                  )}
                >
                  <MapPin aria-hidden="true" className="size-4 shrink-0 text-primary" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">{placeName(place)}</span>
                    <span className="block text-sm text-muted-foreground">
                      {formatPopulation(place.population)}
                    </span>
                  </span>
                  {isChosen && <Check aria-hidden="true" className="size-4 text-primary" />}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
