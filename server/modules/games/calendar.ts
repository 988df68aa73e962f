import { PRODUCT_NAME } from "../../../common/constants.ts";
import { formatGameTime, zoneName } from "../../../common/game-time.ts";
import { GAME_TYPES, type Game, type GameType, gameTitle } from "../../../common/games.ts";
import { toZonedInputValue, zoneOffsetMinutes } from "../../../common/zoned-time.ts";

/** RFC 5545 text: backslash, semicolon, comma and line breaks escaped. */
function escapeText(value: string): string {
  return value
    .replaceAll("\\", "\\\\")
    .replaceAll(";", "\\;")
    .replaceAll(",", "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** RFC 5545 §3.1: lines longer than 75 octets continue on the next line after a space. */
function fold(line: string): string {
  const bytes = Buffer.from(line, "utf8");
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const charSize = Buffer.byteLength(char, "utf8");
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (size + charSize > limit) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += charSize;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** 2026-05-01T18:30:00.000Z → 20260501T183000Z */
const utcStamp = (iso: string) => `${iso.replace(/[-:]/g, "").slice(0, 15)}Z`;

/** The court's wall clock: 2026-05-01T18:30 (LA) → 20260501T183000. */
const localStamp = (iso: string, timeZone: string) =>
  `${toZonedInputValue(new Date(iso), timeZone).replace(/[-:]/g, "")}00`;

/** -420 → "-0700" */
function utcOffset(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}${String(abs % 60).padStart(2, "0")}`;
}

/**
 * The game's times on the court's clock (RFC 5545 DTSTART;TZID=…), so a calendar shows the
 * court's local time and zone. Calendars that know IANA names (Google, Apple, Outlook) use their
 * own rules for the zone; for any other, the VTIMEZONE gives the offset in force at the game.
 * Courts in UTC, or a game across a clock change, keep plain UTC times.
 */
function zonedTimes(game: Game): { start: string; end: string; timeZone: string[] } {
  const zone = game.court.timeZone;
  const start = new Date(game.scheduledAt);
  const offset = zoneOffsetMinutes(start, zone);
  if (zone === "UTC" || offset !== zoneOffsetMinutes(new Date(game.endsAt), zone)) {
    return {
      start: `DTSTART:${utcStamp(game.scheduledAt)}`,
      end: `DTEND:${utcStamp(game.endsAt)}`,
      timeZone: [],
    };
  }
  const january = zoneOffsetMinutes(new Date(Date.UTC(start.getUTCFullYear(), 0, 1)), zone);
  const july = zoneOffsetMinutes(new Date(Date.UTC(start.getUTCFullYear(), 6, 1)), zone);
  const observance = offset > Math.min(january, july) ? "DAYLIGHT" : "STANDARD";
  return {
    start: `DTSTART;TZID=${zone}:${localStamp(game.scheduledAt, zone)}`,
    end: `DTEND;TZID=${zone}:${localStamp(game.endsAt, zone)}`,
    timeZone: [
      "BEGIN:VTIMEZONE",
      `TZID:${zone}`,
      `BEGIN:${observance}`,
      "DTSTART:19700101T000000",
      `TZOFFSETFROM:${utcOffset(offset)}`,
      `TZOFFSETTO:${utcOffset(offset)}`,
      `TZNAME:${zoneName(start, zone)}`,
      `END:${observance}`,
      "END:VTIMEZONE",
    ],
  };
}

/** The game as a one-event calendar file ("Add to calendar" on the game page). */
export function gameCalendar(game: Game, publicUrl: string, now: Date = new Date()): string {
  const url = `${publicUrl}/game/${game.id}`;
  const location = [game.court.name, game.court.address].filter(Boolean).join(", ");
  const type = GAME_TYPES[game.gameType as GameType] ?? game.gameType;
  const when = formatGameTime(game.scheduledAt, game.court.timeZone);
  const description = `${type} game on ${when}, ${game.currentPlayers}/${game.maxPlayers} players. ${url}`;
  const { start, end, timeZone } = zonedTimes(game);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${PRODUCT_NAME}//Pickup games//EN`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...timeZone,
    "BEGIN:VEVENT",
    `UID:game-${game.id}@${new URL(publicUrl).hostname}`,
    `DTSTAMP:${utcStamp(now.toISOString())}`,
    start,
    end,
    `SUMMARY:${escapeText(gameTitle(game))}`,
    `LOCATION:${escapeText(location)}`,
    `GEO:${game.court.latitude};${game.court.longitude}`,
    `DESCRIPTION:${escapeText(description)}`,
    `URL:${url}`,
    `STATUS:${game.status === "cancelled" ? "CANCELLED" : "CONFIRMED"}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
