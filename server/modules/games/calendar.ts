import ical, { ICalCalendarMethod } from "ical-generator";
import { PRODUCT_NAME } from "../../../common/constants.ts";
import type { Game } from "../../../common/games.ts";
import { addGameEvent, calendarText, onZoneClock, vtimezone } from "../calendar-feed/game-event.ts";

/**
 * The game as a one-event calendar file ("Add to calendar" on the game page). Its times are on
 * the court's clock (DTSTART;TZID=…), so a calendar shows the court's local time and zone.
 * Calendars that know IANA names (Google, Apple, Outlook) use their own rules for the zone; for
 * any other, the VTIMEZONE gives the offset in force at the game (server/modules/calendar-feed).
 */
export function gameCalendar(game: Game, publicUrl: string, now: Date = new Date()): string {
  const start = new Date(game.scheduledAt);
  const calendar = ical({
    prodId: { company: PRODUCT_NAME, product: "Pickup games", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
    ...(onZoneClock(game)
      ? { timezone: { name: null, generator: (zone: string) => vtimezone(zone, [start]) } }
      : {}),
  });
  addGameEvent(calendar, game, publicUrl, now);
  return calendarText(calendar);
}
