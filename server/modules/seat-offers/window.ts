import {
  OFFER_NIGHT_FROM_HOUR,
  OFFER_NIGHT_HOLDS_UNTIL,
  OFFER_NIGHT_UNTIL_HOUR,
  offerWindowMinutes,
} from "../../../common/seat-offers.ts";
import { atWallClock, wallClock } from "../notifications/quiet-hours.ts";

/**
 * When an offer made at `now` lapses: its window (common/seat-offers.ts); made in the player's
 * night (22:00–08:00 in `zone`) not before 08:30 that morning, so nobody loses a seat asleep;
 * never after the start.
 */
export function offerLapsesAt(now: Date, startsAt: Date, zone: string): Date {
  const msToStart = startsAt.getTime() - now.getTime();
  let lapses = now.getTime() + offerWindowMinutes(msToStart) * 60_000;
  const w = wallClock(now, zone);
  if (w.hour >= OFFER_NIGHT_FROM_HOUR || w.hour < OFFER_NIGHT_UNTIL_HOUR) {
    const day = w.hour >= OFFER_NIGHT_FROM_HOUR ? w.day + 1 : w.day;
    const morning = atWallClock(zone, { ...w, day, ...OFFER_NIGHT_HOLDS_UNTIL });
    lapses = Math.max(lapses, morning.getTime());
  }
  return new Date(Math.min(lapses, startsAt.getTime()));
}
