import ical, {
  ICalCalendarMethod,
  type ICalDateTimeValue,
  type ICalDayJsStub,
  ICalEventStatus,
} from "ical-generator";
import { PRODUCT_NAME } from "../../../common/constants.ts";
import { formatGameTime, zoneName } from "../../../common/game-time.ts";
import { GAME_TYPES, type Game, type GameType, gameTitle } from "../../../common/games.ts";
import { toZonedInputValue, zoneOffsetMinutes } from "../../../common/zoned-time.ts";

/**
 * A moment on the court's clock, as ical-generator reads a Day.js date (its own ICalDayJsStub):
 * a native Date would be written on this server's clock. Games start on whole minutes.
 */
export function onCourtClock(iso: string, zone: string): ICalDayJsStub {
  const date = new Date(iso);
  const local = toZonedInputValue(date, zone); // 2026-05-01T18:30
  const clock: ICalDayJsStub = {
    isValid: () => true,
    toDate: () => date,
    toJSON: () => iso,
    tz: () => clock,
    format: (pattern) =>
      pattern === "YYYYMMDD"
        ? local.slice(0, 10).replaceAll("-", "")
        : `${local.slice(11).replace(":", "")}00`,
  };
  return clock;
}

/** -420 → "-0700" */
export function utcOffset(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}${String(abs % 60).padStart(2, "0")}`;
}

/** The offset in force at the game, for calendars that do not know the zone's IANA name. */
function vtimezone(zone: string, start: Date, offset: number): string {
  const january = zoneOffsetMinutes(new Date(Date.UTC(start.getUTCFullYear(), 0, 1)), zone);
  const july = zoneOffsetMinutes(new Date(Date.UTC(start.getUTCFullYear(), 6, 1)), zone);
  const observance = offset > Math.min(january, july) ? "DAYLIGHT" : "STANDARD";
  return [
    "BEGIN:VTIMEZONE",
    `TZID:${zone}`,
    `BEGIN:${observance}`,
    "DTSTART:19700101T000000",
    `TZOFFSETFROM:${utcOffset(offset)}`,
    `TZOFFSETTO:${utcOffset(offset)}`,
    `TZNAME:${zoneName(start, zone)}`,
    `END:${observance}`,
    "END:VTIMEZONE",
  ].join("\r\n");
}

/**
 * The game as a one-event calendar file ("Add to calendar" on the game page). Its times are on
 * the court's clock (DTSTART;TZID=…), so a calendar shows the court's local time and zone.
 * Calendars that know IANA names (Google, Apple, Outlook) use their own rules for the zone; for
 * any other, the VTIMEZONE gives the offset in force at the game. Courts in UTC, or a game across
 * a clock change, keep plain UTC times.
 */
export function gameCalendar(game: Game, publicUrl: string, now: Date = new Date()): string {
  const url = `${publicUrl}/game/${game.id}`;
  const zone = game.court.timeZone;
  const type = GAME_TYPES[game.gameType as GameType] ?? game.gameType;
  const when = formatGameTime(game.scheduledAt, zone);
  const start = new Date(game.scheduledAt);
  const offset = zoneOffsetMinutes(start, zone);
  const zoned = zone !== "UTC" && offset === zoneOffsetMinutes(new Date(game.endsAt), zone);
  const at = (iso: string): ICalDateTimeValue => (zoned ? onCourtClock(iso, zone) : new Date(iso));

  const calendar = ical({
    prodId: { company: PRODUCT_NAME, product: "Pickup games", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
    ...(zoned ? { timezone: { name: null, generator: () => vtimezone(zone, start, offset) } } : {}),
  });
  calendar.createEvent({
    id: `game-${game.id}@${new URL(publicUrl).hostname}`,
    stamp: now,
    start: at(game.scheduledAt),
    end: at(game.endsAt),
    timezone: zoned ? zone : null,
    summary: gameTitle(game),
    location: {
      title: [game.court.name, game.court.address].filter(Boolean).join(", "),
      geo: { lat: game.court.latitude, lon: game.court.longitude },
    },
    description: `${type} game on ${when}, ${game.currentPlayers}/${game.maxPlayers} players. ${url}`,
    url,
    status: game.status === "cancelled" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  // RFC 5545 ends every line with CRLF, the last one included; ical-generator leaves it off.
  return `${calendar.toString()}\r\n`;
}
