import type { LeaderboardCity } from "@common/leaderboard.ts";
import { useId } from "react";
import { Label } from "@/components/ui/label.tsx";
import { Select } from "@/components/ui/select.tsx";
import { type LeaderboardPlace, useLeaderboardCities } from "./leaderboard-queries.ts";

type CityPickerProps = {
  value: LeaderboardPlace | null;
  onChange: (place: LeaderboardPlace) => void;
};

// A city name may hold any character, so the option value is the JSON of the pair.
const optionValue = (place: LeaderboardPlace) => JSON.stringify([place.city, place.state]);
const samePlace = (a: LeaderboardPlace, b: LeaderboardPlace) =>
  a.city === b.city && a.state === b.state;
const players = (count: number) => (count === 1 ? "1 player" : `${count} players`);

/** Picks the city of the Local tab from the cities that have ranked players. */
export function CityPicker({ value, onChange }: CityPickerProps) {
  const id = useId();
  const cities = useLeaderboardCities();
  const listed: LeaderboardCity[] = cities.data ?? [];
  // The viewer's own city (or one from a shared link) may have nobody ranked yet.
  const shown =
    value && !listed.some((city) => samePlace(city, value))
      ? [{ ...value, players: 0 }, ...listed]
      : listed;

  return (
    <div className="space-y-2">
      <Label htmlFor={id}>City</Label>
      <Select
        id={id}
        className="sm:w-80"
        value={value ? optionValue(value) : ""}
        onChange={(event) => {
          const [city, state] = JSON.parse(event.target.value) as [string, string];
          onChange({ city, state });
        }}
      >
        {!value && (
          <option value="" disabled>
            Choose a city
          </option>
        )}
        {shown.map((city) => (
          <option key={optionValue(city)} value={optionValue(city)}>
            {city.city}, {city.state}
            {city.players > 0 && ` (${players(city.players)})`}
          </option>
        ))}
      </Select>
      {cities.isPending && <p className="text-sm text-muted-foreground">Loading cities...</p>}
      {cities.isError && (
        <p className="text-sm text-muted-foreground">The list of cities could not be loaded.</p>
      )}
    </div>
  );
}
