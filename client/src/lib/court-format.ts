import type { Court } from "@common/courts.ts";

// One wording for a court's facts, shared by the map popup, the side panel and the cards.

export const courtTypeLabel = (court: Court) => (court.isIndoor ? "Indoor" : "Outdoor");

export const priceLabel = (court: Court) => (court.freeToPlay ? "Free" : "Paid");

export const lightingLabel = (court: Court) => (court.lighting ? "Lights" : "No lights");

/** Spec §2 writes the count as 'n Court(s)'. */
export const courtCountLabel = (court: Court) => `${court.numberOfCourts} Court(s)`;

export const ratingLabel = (court: Court) => court.rating.toFixed(1);

export function activePlayersLabel(count: number): string {
  if (count === 0) return "No active players";
  return count === 1 ? "1 active player" : `${count} active players`;
}

/** Google Maps directions to the court (opened in a new tab; no API key needed). */
export function directionsUrl(court: Pick<Court, "latitude" | "longitude">): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${court.latitude},${court.longitude}`;
}
