import { describe, expect, it } from "vitest";
import { vtimezone } from "./game-event.ts";

const LA = "America/Los_Angeles";

describe("the VTIMEZONE of a feed", () => {
  it("one game: one observance from 1970, as the one-game .ics always had", () => {
    expect(vtimezone(LA, [new Date("2026-07-04T01:30:00Z")]).split("\r\n")).toEqual([
      "BEGIN:VTIMEZONE",
      "TZID:America/Los_Angeles",
      "BEGIN:DAYLIGHT",
      "DTSTART:19700101T000000",
      "TZOFFSETFROM:-0700",
      "TZOFFSETTO:-0700",
      "TZNAME:PT",
      "END:DAYLIGHT",
      "END:VTIMEZONE",
    ]);
  });

  it("games across both clock changes: each change at 2:00 AM local, in order", () => {
    const starts = [
      new Date("2026-11-14T02:30:00Z"), // Fri 13 Nov 6:30 PM PST
      new Date("2026-03-07T02:30:00Z"), // Fri 6 Mar 6:30 PM PST
      new Date("2026-03-14T01:30:00Z"), // Fri 13 Mar 6:30 PM PDT
      new Date("2026-10-31T01:30:00Z"), // Fri 30 Oct 6:30 PM PDT
    ];
    expect(vtimezone(LA, starts).split("\r\n")).toEqual([
      "BEGIN:VTIMEZONE",
      "TZID:America/Los_Angeles",
      "BEGIN:STANDARD",
      "DTSTART:19700101T000000",
      "TZOFFSETFROM:-0800",
      "TZOFFSETTO:-0800",
      "TZNAME:PT",
      "END:STANDARD",
      "BEGIN:DAYLIGHT",
      "DTSTART:20260308T020000",
      "TZOFFSETFROM:-0800",
      "TZOFFSETTO:-0700",
      "TZNAME:PT",
      "END:DAYLIGHT",
      "BEGIN:STANDARD",
      "DTSTART:20261101T020000",
      "TZOFFSETFROM:-0700",
      "TZOFFSETTO:-0800",
      "TZNAME:PT",
      "END:STANDARD",
      "END:VTIMEZONE",
    ]);
  });
});
