import { describe, expect, it } from "vitest";
import type { Game } from "../../../common/games.ts";
import { gameCalendar } from "./calendar.ts";

function game(timeZone: string, scheduledAt: string, endsAt: string): Game {
  return {
    id: 7,
    title: "Evening Run",
    status: "open",
    scheduledAt,
    endsAt,
    court: { id: 1, name: "Court", address: null, latitude: 0, longitude: 0, timeZone },
    currentPlayers: 4,
    maxPlayers: 10,
    gameType: "pickup",
    organizerId: "u",
    organizer: {
      id: "u",
      firstName: "Org",
      profileImageUrl: null,
      profile: null,
      acceptsMessages: true,
    },
    result: null,
    distanceMiles: null,
  };
}

const NOW = new Date("2026-06-01T00:00:00Z");

describe("gameCalendar", () => {
  it("writes the times on the court's clock with its zone", () => {
    const text = gameCalendar(
      game("Europe/Vaduz", "2026-07-04T16:30:00.000Z", "2026-07-04T18:30:00.000Z"),
      "https://bros.example.com",
      NOW,
    );
    const lines = text.split("\r\n");
    expect(lines).toContain("DTSTART;TZID=Europe/Vaduz:20260704T183000");
    expect(lines).toContain("DTEND;TZID=Europe/Vaduz:20260704T203000");
    const zone = lines.slice(lines.indexOf("BEGIN:VTIMEZONE"), lines.indexOf("END:VTIMEZONE") + 1);
    expect(zone).toEqual([
      "BEGIN:VTIMEZONE",
      "TZID:Europe/Vaduz",
      "BEGIN:DAYLIGHT",
      "DTSTART:19700101T000000",
      "TZOFFSETFROM:+0200",
      "TZOFFSETTO:+0200",
      "TZNAME:GMT+2",
      "END:DAYLIGHT",
      "END:VTIMEZONE",
    ]);
    // The zone comes before the event that uses it.
    expect(lines.indexOf("BEGIN:VTIMEZONE")).toBeLessThan(lines.indexOf("BEGIN:VEVENT"));
    expect(text).toContain(
      "DESCRIPTION:Pickup game on Sat\\, Jul 4\\, 6:30 PM GMT+2\\, 4/10 players.",
    );
  });

  it("says standard time in winter", () => {
    const text = gameCalendar(
      game("America/New_York", "2026-12-05T23:00:00.000Z", "2026-12-06T01:00:00.000Z"),
      "https://bros.example.com",
      NOW,
    );
    expect(text).toContain("DTSTART;TZID=America/New_York:20261205T180000\r\n");
    expect(text).toContain("BEGIN:STANDARD\r\nDTSTART:19700101T000000\r\nTZOFFSETFROM:-0500");
    expect(text).toContain("on Sat\\, Dec 5\\, 6:00 PM ET\\,");
  });

  it("keeps UTC times for courts in UTC and for a game across a clock change", () => {
    const utc = gameCalendar(
      game("UTC", "2026-07-04T16:30:00.000Z", "2026-07-04T18:30:00.000Z"),
      "https://bros.example.com",
      NOW,
    );
    expect(utc).toContain("DTSTART:20260704T163000Z\r\n");
    expect(utc).not.toContain("VTIMEZONE");
    // 2026-11-01, 1:00 to 3:00 in Los Angeles: the clocks go back at 2:00.
    const across = gameCalendar(
      game("America/Los_Angeles", "2026-11-01T08:00:00.000Z", "2026-11-01T11:00:00.000Z"),
      "https://bros.example.com",
      NOW,
    );
    expect(across).toContain("DTSTART:20261101T080000Z\r\nDTEND:20261101T110000Z\r\n");
  });
});
