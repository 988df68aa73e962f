import type { LocationSuggestion, SavedLocation } from "@common/onboarding.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast.ts";
import { apiRequest } from "@/lib/api.ts";
import { useAuth } from "@/lib/auth/use-auth.ts";
import { onboardingProgressQuery } from "./onboarding-progress-query.ts";

/** POST /api/user/location (product §7): the chosen place becomes the caller's city. */
async function saveLocation(place: LocationSuggestion): Promise<SavedLocation> {
  const { city, state, country, latitude, longitude } = place;
  const response = await apiRequest("POST", "/api/user/location", {
    city,
    state,
    country,
    latitude,
    longitude,
  });
  return (await response.json()) as SavedLocation;
}

/**
 * Saves a place with product §8's toasts; afterwards the current user (whose city every screen
 * reads) and the onboarding progress are read again before `onSaved` runs.
 */
export function useSaveLocation(onSaved?: (saved: SavedLocation) => void) {
  const { refresh } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLocation,
    onSuccess: async (saved) => {
      toast({ title: "Location saved!", description: `Set to ${saved.city}, ${saved.state}` });
      await Promise.all([
        refresh(),
        queryClient.invalidateQueries({ queryKey: onboardingProgressQuery.queryKey }),
      ]);
      onSaved?.(saved);
    },
    onError: () =>
      toast({
        variant: "destructive",
        title: "Error",
        description: "Failed to save location. Please try again.",
      }),
  });
}
