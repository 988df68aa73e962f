import type { LocationSuggestion } from "@common/onboarding.ts";
import { LocateFixed } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { CitySearch, placeName } from "./city-search.tsx";
import { useSaveLocation } from "./save-location.ts";
import { StepCard } from "./step-card.tsx";
import { useCurrentLocation } from "./use-current-location.ts";

type LocationStepProps = { onDone: () => void };

/**
 * Step 1 (product §2, §4): the chosen place is only kept here until Continue, which saves it
 * and then advances; Skip for now advances without saving.
 */
export function LocationStep({ onDone }: LocationStepProps) {
  const [chosen, setChosen] = useState<LocationSuggestion | null>(null);
  const currentLocation = useCurrentLocation(setChosen);
  const save = useSaveLocation(() => onDone());

  return (
    <StepCard
      title="Set Your Location"
      description="We use your city to show courts, games and players near you."
      actions={
        <>
          <Button variant="ghost" onClick={onDone} disabled={save.isPending}>
            Skip for now
          </Button>
          <Button
            disabled={!chosen || save.isPending}
            onClick={() => chosen && save.mutate(chosen)}
          >
            {save.isPending ? "Saving..." : "Continue"}
          </Button>
        </>
      }
    >
      <Button
        variant="outline"
        className="w-full"
        onClick={currentLocation.detect}
        disabled={currentLocation.isDetecting}
      >
        <LocateFixed aria-hidden="true" />
        {currentLocation.isDetecting ? "Detecting location..." : "Use Current Location"}
      </Button>
      <p className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
        <span aria-hidden="true" className="h-px flex-1 bg-border" />
        or search
        <span aria-hidden="true" className="h-px flex-1 bg-border" />
      </p>
      <CitySearch label="Search for your city" selected={chosen} onSelect={setChosen} />
      <p className="text-sm" aria-live="polite">
        {chosen ? (
          <>
            Selected: <strong>{placeName(chosen)}</strong>
          </>
        ) : (
          <span className="text-muted-foreground">Choose a city to continue.</span>
        )}
      </p>
    </StepCard>
  );
}
