import { z } from "zod";

/**
 * Seats offered near the start (issue 32 point 4, decision 103): within this many hours of the
 * start a freed seat is offered to the first in line rather than given.
 */
export const OFFER_WITHIN_HOURS = 24;

/**
 * How long an offer holds, by how far the start is when it is made (OpenSports' windows): two
 * hours when more than 16 h away, 30 minutes from 1 h to 16 h, 10 minutes under an hour.
 */
export const OFFER_WINDOW = {
  farAboveHours: 16,
  farMinutes: 120,
  nearFromHours: 1,
  nearMinutes: 30,
  lastHourMinutes: 10,
} as const;

/** An offer made in the player's night (22:00–08:00 their clock) holds at least until 08:30. */
export const OFFER_NIGHT_FROM_HOUR = 22;
export const OFFER_NIGHT_UNTIL_HOUR = 8;
export const OFFER_NIGHT_HOLDS_UNTIL = { hour: 8, minute: 30 } as const;

const HOUR_MS = 3_600_000;

/** Minutes an offer made `msToStart` before the start holds (before the night rule). */
export function offerWindowMinutes(msToStart: number): number {
  if (msToStart > OFFER_WINDOW.farAboveHours * HOUR_MS) return OFFER_WINDOW.farMinutes;
  if (msToStart >= OFFER_WINDOW.nearFromHours * HOUR_MS) return OFFER_WINDOW.nearMinutes;
  return OFFER_WINDOW.lastHourMinutes;
}

export const OFFER_GONE = "This seat is no longer offered to you.";

/** GET /api/games/{id}/offer and the answer of accept/decline: the caller's live offer. */
export const seatOfferSchema = z.object({
  /** ISO end of the offer; null: no live offer for the caller. */
  lapsesAt: z.string().nullable(),
});
export type SeatOffer = z.infer<typeof seatOfferSchema>;
