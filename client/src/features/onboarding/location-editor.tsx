import type { LocationSuggestion } from "@common/onboarding.ts";
import { LOCATION_NOT_SET, playerLocation } from "@common/player-location.ts";
import { useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { useAuth } from "@/lib/auth/use-auth.ts";
import { CitySearch, placeName } from "./city-search.tsx";
import { useSaveLocation } from "./save-location.ts";

/**
 * Changes the signed-in player's city from anywhere (Settings): the same search and the same
 * POST /api/user/location as onboarding. Its own Save Location button makes it plain that
 * the city is saved on its own, not with the switches around it.
 */
export function LocationEditor() {
  const { user } = useAuth();
  const [chosen, setChosen] = useState<LocationSuggestion | null>(null);
  // A new key empties the search once a city is saved.
  const [searchKey, setSearchKey] = useState(0);
  const save = useSaveLocation(() => {
    setChosen(null);
    setSearchKey((key) => key + 1);
  });
  // The one location every screen shows (common/player-location.ts): the area, else the city.
  const current =
    playerLocation({ area: user?.profile?.location, city: user?.city, state: user?.state }) ??
    LOCATION_NOT_SET;

  return (
    <div className="grid gap-3">
      <p className="text-sm">
        <span className="text-muted-foreground">Current location: </span>
        <strong>{current}</strong>
      </p>
      <CitySearch key={searchKey} label="Location" selected={chosen} onSelect={setChosen} />
      <div className="flex flex-wrap items-center justify-end gap-3">
        <p className="mr-auto text-sm" aria-live="polite">
          {chosen && (
            <>
              New location: <strong>{placeName(chosen)}</strong>
            </>
          )}
        </p>
        <Button
          variant="outline"
          disabled={!chosen || save.isPending}
          onClick={() => chosen && save.mutate(chosen)}
        >
          {save.isPending ? "Saving..." : "Save Location"}
        </Button>
      </div>
    </div>
  );
}
