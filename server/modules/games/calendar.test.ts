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
    goNoGo: null,
    runId: null,
  };
}

const NOW = new Date("2026-06-01T00:00:00Z");

type Property = { name: string; params: Record<string, string>; value: string };

/** RFC 5545 read back: folded lines joined, each line a name, its parameters and a value. */
function parse(text: string): Property[] {
  expect(text.endsWith("\r\n")).toBe(true);
  for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  return text
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter(Boolean)
    .map((line) => {
      const colon = line.indexOf(":");
      const [name = "", ...params] = line.slice(0, colon).split(";");
      return {
        name,
        params: Object.fromEntries(params.map((p) => p.split("=") as [string, string])),
        value: line.slice(colon + 1),
      };
    });
}

/** The event's text values, unescaped. */
const text = (value: string) => value.replace(/\\([\\;,])/g, "$1").replace(/\\n/gi, "\n");

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

  it("reads back as one event with the game's fields, its times on the court's clock whatever the server's zone", () => {
    const serverZone = process.env.TZ;
    process.env.TZ = "Asia/Tokyo";
    let output: string;
    try {
      const run = game(
        "America/Los_Angeles",
        "2026-07-04T01:30:00.000Z",
        "2026-07-04T03:30:00.000Z",
      );
      output = gameCalendar(
        {
          ...run,
          title: "Run, with; commas",
          court: {
            ...run.court,
            name: "Venice",
            address: "1800 Ocean Front Walk",
            latitude: 33.98,
            longitude: -118.47,
          },
        },
        "https://bros.example.com",
        NOW,
      );
    } finally {
      if (serverZone === undefined) delete process.env.TZ;
      else process.env.TZ = serverZone;
    }
    const properties = parse(output);
    const names = properties.map((p) => p.name);
    expect(names.filter((n) => n === "BEGIN")).toHaveLength(4); // calendar, zone, daylight, event
    const event = properties.slice(names.lastIndexOf("BEGIN"));
    const one = (name: string) => {
      const found = event.filter((p) => p.name === name);
      expect(found).toHaveLength(1);
      return found[0] as Property;
    };
    expect(one("BEGIN").value).toBe("VEVENT");
    expect(one("UID").value).toBe("game-7@bros.example.com");
    expect(one("DTSTAMP").value).toBe("20260601T000000Z");
    // July 3rd, 6:30 PM in Los Angeles.
    expect(one("DTSTART")).toEqual({
      name: "DTSTART",
      params: { TZID: "America/Los_Angeles" },
      value: "20260703T183000",
    });
    expect(one("DTEND").value).toBe("20260703T203000");
    expect(text(one("SUMMARY").value)).toBe("Run, with; commas");
    expect(text(one("LOCATION").value)).toBe("Venice, 1800 Ocean Front Walk");
    expect(one("GEO").value).toBe("33.98;-118.47");
    expect(text(one("DESCRIPTION").value)).toBe(
      "Pickup game on Fri, Jul 3, 6:30 PM PT, 4/10 players. https://bros.example.com/game/7",
    );
    expect(one("URL").value).toBe("https://bros.example.com/game/7");
    expect(one("STATUS").value).toBe("CONFIRMED");
    const zone = properties.slice(names.indexOf("BEGIN", 1), names.indexOf("END") + 1);
    expect(zone.find((p) => p.name === "TZID")?.value).toBe("America/Los_Angeles");
    expect(zone.find((p) => p.name === "TZOFFSETTO")?.value).toBe("-0700");
  });

  it("says a cancelled game is cancelled", () => {
    const cancelled = {
      ...game("UTC", "2026-07-04T16:30:00.000Z", "2026-07-04T18:30:00.000Z"),
      status: "cancelled" as const,
    };
    const status = parse(gameCalendar(cancelled, "https://bros.example.com", NOW)).find(
      (p) => p.name === "STATUS",
    );
    expect(status?.value).toBe("CANCELLED");
  });
});
