import { createRequire } from "node:module";
import type * as RRuleModule from "rrule";
import { describe, expect, it } from "vitest";
import type { Run } from "../../../common/runs.ts";
import { toZonedInputValue } from "../../../common/zoned-time.ts";
import { runCalendar } from "./calendar.ts";
import { startOf } from "./recurrence.ts";

const { rrulestr } = createRequire(import.meta.url)("rrule") as typeof RRuleModule;
const LA = "America/Los_Angeles";

const run: Run & { endedThrough: string | null } = {
  id: 7,
  courtId: 1,
  organizerId: "u1",
  title: "Tuesday Run",
  gameType: "pickup",
  maxPlayers: 10,
  startTime: "18:30",
  weekdays: [1],
  intervalWeeks: 1,
  firstDate: "2027-02-23",
  untilDate: "2027-04-27",
  count: null,
  status: "active",
  earlyAccessHours: 0,
  court: {
    id: 1,
    name: "Venice Beach",
    address: "1800 Ocean Front Walk",
    latitude: 33.985,
    longitude: -118.472,
    timeZone: LA,
  },
  regulars: [],
  upcoming: [],
  endedThrough: null,
};
const onRule = (runDate: string) => ({
  runDate,
  scheduledAt: startOf(runDate, "18:30", LA),
  status: "open",
});
const dates = [
  onRule("2027-02-23"),
  { ...onRule("2027-03-02"), status: "cancelled" },
  { runDate: "2027-03-09", scheduledAt: new Date("2027-03-11T03:00:00Z"), status: "open" },
  onRule("2027-03-16"),
];

/** The calendar's lines, folded lines joined again (RFC 5545 §3.1). */
const linesOf = (ics: string) => ics.replace(/\r\n[ \t]/g, "").split("\r\n");

describe("a run's .ics", () => {
  const ics = runCalendar(run, dates, "https://bwb.example", new Date("2027-02-20T00:00:00Z"));
  const lines = linesOf(ics);

  it("is one recurring event on the court's clock with its rule and its cancelled date", () => {
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(lines).toContain("DTSTART;TZID=America/Los_Angeles:20270223T183000");
    const rrule = lines.find((l) => l.startsWith("RRULE:"));
    expect(rrule).toBeDefined();
    expect(rrule).toContain("FREQ=WEEKLY");
    expect(rrule).toContain("BYDAY=TU");
    expect(rrule).toContain("INTERVAL=1");
    // UNTIL in UTC, as RFC 5545 wants with a zoned DTSTART: the end of 27 April in LA.
    expect(rrule).toContain("UNTIL=20270428T065959Z");
    expect(lines).toContain("EXDATE;TZID=America/Los_Angeles:20270302T183000");
  });

  it("gives a moved date its own event with the same UID and its RECURRENCE-ID", () => {
    const events = ics.split("BEGIN:VEVENT").slice(1);
    expect(events).toHaveLength(2);
    const uids = events.map((e) => linesOf(e).find((l) => l.startsWith("UID:")));
    expect(uids[0]).toBe("UID:run-7@bwb.example");
    expect(uids[1]).toBe(uids[0]);
    const moved = linesOf(events[1] ?? "");
    expect(moved).toContain("RECURRENCE-ID;TZID=America/Los_Angeles:20270309T183000");
    expect(moved).toContain("DTSTART;TZID=America/Los_Angeles:20270310T190000");
  });

  it("describes both of the zone's clock changes in its VTIMEZONE", () => {
    const zone = ics.slice(ics.indexOf("BEGIN:VTIMEZONE"), ics.indexOf("END:VTIMEZONE"));
    expect(zone).toContain("TZID:America/Los_Angeles");
    expect(zone).toMatch(
      /BEGIN:DAYLIGHT\r\nDTSTART:20270314T020000\r\nTZOFFSETFROM:-0800\r\nTZOFFSETTO:-0700/,
    );
    expect(zone).toMatch(
      /BEGIN:STANDARD\r\nDTSTART:20271107T020000\r\nTZOFFSETFROM:-0700\r\nTZOFFSETTO:-0800/,
    );
  });

  it("parses back: the rule less its exception gives the run's Tuesdays", () => {
    const event = linesOf(ics.slice(ics.indexOf("BEGIN:VEVENT")));
    const text = event.filter((l) => /^(DTSTART|RRULE|EXDATE)/.test(l)).join("\n");
    const set = rrulestr(text, { forceset: true }) as RRuleModule.RRuleSet;
    // rrule's own zone handling is what decision 098 avoids: only the dates are read back.
    const days = set.all().map((d) => toZonedInputValue(d, LA).slice(0, 10));
    expect(days).toEqual([
      "2027-02-23",
      "2027-03-09",
      "2027-03-16",
      "2027-03-23",
      "2027-03-30",
      "2027-04-06",
      "2027-04-13",
      "2027-04-20",
      "2027-04-27",
    ]);
  });

  it("stops an ended run's rule at its last date", () => {
    const ended = runCalendar(
      { ...run, untilDate: null, status: "ended", endedThrough: "2027-03-16" },
      dates,
      "https://bwb.example",
    );
    expect(linesOf(ended).find((l) => l.startsWith("RRULE:"))).toContain("UNTIL=20270317T065959Z");
  });
});
