import type { LocationSuggestion } from "@common/onboarding.ts";
import { useState } from "react";
import { toast } from "@/components/ui/use-toast.ts";
import { fetchNearestCity } from "./nearest-city.ts";

// GeolocationPositionError.PERMISSION_DENIED; the constant is not on every implementation.
const PERMISSION_DENIED = 1;

const failed = () =>
  toast({
    variant: "destructive",
    title: "Error",
    description: "Failed to detect location. Please search manually.",
  });

/**
 * 'Use Current Location' (product §2, §8): the browser's position, resolved by the server to the
 * nearest known city, which is handed to `onFound` as if the player had picked it. A city
 * coarse position is enough, so no high accuracy (faster, less battery, fewer prompts).
 */
export function useCurrentLocation(onFound: (place: LocationSuggestion) => void) {
  const [isDetecting, setIsDetecting] = useState(false);

  function detect() {
    if (!navigator.geolocation) {
      toast({
        variant: "destructive",
        title: "Location not supported",
        description: "Your browser doesn't support location detection.",
      });
      return;
    }
    setIsDetecting(true);
    navigator.geolocation.getCurrentPosition(
      async (position) => {
        try {
          const place = await fetchNearestCity(position.coords.latitude, position.coords.longitude);
          onFound(place);
          toast({
            title: "Location detected",
            description: "We've detected your current location.",
          });
        } catch {
          failed();
        } finally {
          setIsDetecting(false);
        }
      },
      (error) => {
        setIsDetecting(false);
        if (error.code === PERMISSION_DENIED) {
          toast({
            variant: "destructive",
            title: "Location access denied",
            description: "Please search for your city manually.",
          });
        } else {
          failed();
        }
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 10 * 60_000 },
    );
  }

  return { detect, isDetecting };
}
