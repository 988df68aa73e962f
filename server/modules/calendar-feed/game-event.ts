import type { ICalCalendar, ICalDateTimeValue, ICalDayJsStub } from "ical-generator";
import { ICalEventStatus } from "ical-generator";
import { formatGameTime, zoneName } from "../../../common/game-time.ts";
import { GAME_TYPES, type Game, type GameType, gameTitle } from "../../../common/games.ts";
import { toZonedInputValue, zoneOffsetMinutes } from "../../../common/zoned-time.ts";

/** What a game's calendar event is made of: one game's .ics and a player's feed share it. */
export type EventGame = Pick<
  Game,
  | "id"
  | "title"
  | "status"
  | "scheduledAt"
  | "endsAt"
  | "court"
  | "currentPlayers"
  | "maxPlayers"
  | "gameType"
>;

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

/** The first minute after `from` whose offset in `zone` is that of `to` (from < to). */
function changeBetween(zone: string, from: number, to: number): number {
  const target = zoneOffsetMinutes(new Date(to), zone);
  let [lo, hi] = [from, to];
  while (hi - lo > 60_000) {
    const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
    if (zoneOffsetMinutes(new Date(mid), zone) === target) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** 2026-03-08T10:00Z at -0800 → "20260308T020000" (the wall clock before the change). */
function localStamp(at: number, offsetMinutes: number): string {
  return new Date(at + offsetMinutes * 60_000)
    .toISOString()
    .slice(0, 19)
    .replaceAll("-", "")
    .replaceAll(":", "");
}

/**
 * The offsets in force at `starts` (instants in `zone`), for calendars that do not know the
 * zone's IANA name: one observance per offset period the games fall in, each beginning at the
 * change found between two games. One game gives one observance from 1970.
 */
export function vtimezone(zone: string, starts: readonly Date[]): string {
  const sorted = [...starts].sort((a, b) => a.getTime() - b.getTime());
  const first = sorted[0] ?? new Date(0);
  const year = first.getUTCFullYear();
  const standard = Math.min(
    zoneOffsetMinutes(new Date(Date.UTC(year, 0, 1)), zone),
    zoneOffsetMinutes(new Date(Date.UTC(year, 6, 1)), zone),
  );
  const observance = (onset: string, from: number, to: number, at: Date) => {
    const kind = to > standard ? "DAYLIGHT" : "STANDARD";
    return [
      `BEGIN:${kind}`,
      `DTSTART:${onset}`,
      `TZOFFSETFROM:${utcOffset(from)}`,
      `TZOFFSETTO:${utcOffset(to)}`,
      `TZNAME:${zoneName(at, zone)}`,
      `END:${kind}`,
    ];
  };
  let offset = zoneOffsetMinutes(first, zone);
  const lines = observance("19700101T000000", offset, offset, first);
  for (let i = 1; i < sorted.length; i++) {
    const [before, at] = [sorted[i - 1] as Date, sorted[i] as Date];
    const next = zoneOffsetMinutes(at, zone);
    if (next === offset) continue;
    const change = changeBetween(zone, before.getTime(), at.getTime());
    lines.push(...observance(localStamp(change, offset), offset, next, at));
    offset = next;
  }
  return ["BEGIN:VTIMEZONE", `TZID:${zone}`, ...lines, "END:VTIMEZONE"].join("\r\n");
}

/**
 * Whether the game's times are written on the court's clock (DTSTART;TZID=…). Courts in UTC, or
 * a game across a clock change, keep plain UTC times.
 */
export function onZoneClock(game: EventGame): boolean {
  const zone = game.court.timeZone;
  return (
    zone !== "UTC" &&
    zoneOffsetMinutes(new Date(game.scheduledAt), zone) ===
      zoneOffsetMinutes(new Date(game.endsAt), zone)
  );
}

/** Adds the game as an event: the court's local time and zone, its seats, CANCELLED if called off. */
export function addGameEvent(
  calendar: ICalCalendar,
  game: EventGame,
  publicUrl: string,
  now: Date,
): void {
  const url = `${publicUrl}/game/${game.id}`;
  const zone = game.court.timeZone;
  const type = GAME_TYPES[game.gameType as GameType] ?? game.gameType;
  const when = formatGameTime(game.scheduledAt, zone);
  const zoned = onZoneClock(game);
  const at = (iso: string): ICalDateTimeValue => (zoned ? onCourtClock(iso, zone) : new Date(iso));
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
}

/** RFC 5545 ends every line with CRLF, the last one included; ical-generator leaves it off. */
export const calendarText = (calendar: ICalCalendar): string => `${calendar.toString()}\r\n`;
