import { isQuietHours, quietHoursEnd, quietHoursStart } from "../notifications/quiet-hours.ts";
import type { ReminderLead } from "./cant-make-it-token.ts";

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** Each game's reminders: a day before, and two hours before. */
export const REMINDER_LEADS: readonly ReminderLead[] = [24, 2];

/** A morning reminder is still worth sending if it leaves this much time to get there. */
const MORNING_MARGIN_MS = 45 * MINUTE_MS;
const EVENING_MARGIN_MS = 30 * MINUTE_MS;

/**
 * When to remind the players of a game starting at `startsAt`, `lead` hours before, in
 * `timeZone` (the court's: most players live where they play). Never in the night (22:00–08:00):
 * the day-before reminder then comes at 08:00, still well ahead of the game; the two-hours one
 * at 08:00 if that still leaves 45 minutes, else the evening before (21:30).
 */
export function reminderMoment(startsAt: Date, timeZone: string, lead: ReminderLead = 2): Date {
  const ideal = new Date(startsAt.getTime() - lead * HOUR_MS);
  if (!isQuietHours(ideal, timeZone)) return ideal;
  const morning = quietHoursEnd(ideal, timeZone);
  if (lead === 24) return morning;
  if (morning.getTime() <= startsAt.getTime() - MORNING_MARGIN_MS) return morning;
  return new Date(quietHoursStart(ideal, timeZone).getTime() - EVENING_MARGIN_MS);
}

/** Too late for this reminder: its ideal moment has passed (the next one still comes). */
export const reminderTooLate = (startsAt: Date, lead: ReminderLead, now: Date) =>
  startsAt.getTime() - lead * HOUR_MS <= now.getTime();
