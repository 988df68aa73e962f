import { formatGameTime, gameTimeParts } from "./game-time.ts";
import { toZonedInputValue } from "./zoned-time.ts";

/** Early access (issue 32 point 2, decision 104): a run's regulars see each new date first. */

export const EARLY_ACCESS_MAX_HOURS = 168;
export const EARLY_ACCESS_MESSAGE = `Regulars go first for 0 to ${EARLY_ACCESS_MAX_HOURS} hours`;

/**
 * When a run's new date opens to everyone: `hours` after it is made, never after its start (a
 * date made later than that is for regulars only); null when there is no early access.
 */
export function opensAtFor(madeAt: Date, hours: number, scheduledAt: Date): Date | null {
  if (hours <= 0) return null;
  return new Date(Math.min(madeAt.getTime() + hours * 3_600_000, scheduledAt.getTime()));
}

/** "at 6:00 PM PT" today on the court's calendar, else "on Tue, Dec 1 at 6:00 PM PT". */
export function opensToEveryoneAt(opensAt: Date | string, timeZone: string, now = new Date()) {
  const at = new Date(opensAt);
  const sameDay =
    toZonedInputValue(at, timeZone).slice(0, 10) === toZonedInputValue(now, timeZone).slice(0, 10);
  if (sameDay) return `at ${formatGameTime(at, timeZone, "clock")}`;
  const { day, time } = gameTimeParts(at, timeZone, "short");
  return `on ${day} at ${time}`;
}

/** The 409 a player who is not a regular hears on joining too early. */
export const notOpenYet = (opensAt: Date | string, timeZone: string, now = new Date()) =>
  `This date opens to everyone ${opensToEveryoneAt(opensAt, timeZone, now)}`;
