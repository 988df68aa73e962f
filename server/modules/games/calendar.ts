import { PRODUCT_NAME } from "../../../common/constants.ts";
import { GAME_TYPES, type Game, type GameType, gameTitle } from "../../../common/games.ts";

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

/** The game as a one-event calendar file ("Add to calendar" on the game page). */
export function gameCalendar(game: Game, publicUrl: string, now: Date = new Date()): string {
  const url = `${publicUrl}/game/${game.id}`;
  const location = [game.court.name, game.court.address].filter(Boolean).join(", ");
  const type = GAME_TYPES[game.gameType as GameType] ?? game.gameType;
  const description = `${type} game, ${game.currentPlayers}/${game.maxPlayers} players. ${url}`;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${PRODUCT_NAME}//Pickup games//EN`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:game-${game.id}@${new URL(publicUrl).hostname}`,
    `DTSTAMP:${utcStamp(now.toISOString())}`,
    `DTSTART:${utcStamp(game.scheduledAt)}`,
    `DTEND:${utcStamp(game.endsAt)}`,
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
