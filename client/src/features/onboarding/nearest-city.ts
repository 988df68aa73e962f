import type { LocationSuggestion } from "@common/onboarding.ts";
import { apiRequest } from "@/lib/api.ts";

/** GET /api/onboarding/nearest-city: the known city nearest a position; 404 when none is near. */
export async function fetchNearestCity(lat: number, lng: number): Promise<LocationSuggestion> {
  const response = await apiRequest(
    "GET",
    `/api/onboarding/nearest-city?lat=${lat.toFixed(5)}&lng=${lng.toFixed(5)}`,
  );
  return (await response.json()) as LocationSuggestion;
}
