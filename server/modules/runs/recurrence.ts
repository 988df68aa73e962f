import { createRequire } from "node:module";
import type * as RRuleModule from "rrule";
import { toZonedInputValue, zonedValueToIso } from "../../../common/zoned-time.ts";

/**
 * A run's rule (RFC 5545 RRULE, weekly) expanded by the rrule library in floating time: the
 * library is given wall-clock dates dressed as UTC and no zone, so its own zone handling (wrong
 * across DST in places) never runs. Each local date and time then becomes an instant on the
 * court's clock here (decision 098).
 */
export type RunRule = {
  /** 0 = Monday … 6 = Sunday. */
  weekdays: readonly number[];
  intervalWeeks: number;
  /** YYYY-MM-DD on the court's calendar. */
  firstDate: string;
  untilDate: string | null;
  count: number | null;
  /** HH:MM on the court's clock. */
  startTime: string;
};

// rrule ships a UMD bundle as its main file, whose names Node cannot see from an ES module.
const { RRule } = createRequire(import.meta.url)("rrule") as typeof RRuleModule;

const DAY_MS = 86_400_000;
const floating = (date: string) => new Date(`${date}T00:00:00Z`);
const dateOf = (d: Date) => d.toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  return dateOf(new Date(floating(date).getTime() + days * DAY_MS));
}

function rruleOf(rule: RunRule): RRuleModule.RRule {
  return new RRule({
    freq: RRule.WEEKLY,
    interval: rule.intervalWeeks,
    byweekday: [...rule.weekdays],
    wkst: RRule.MO,
    dtstart: floating(rule.firstDate),
    ...(rule.untilDate ? { until: floating(rule.untilDate) } : {}),
    ...(rule.count ? { count: rule.count } : {}),
  });
}

/** The rule's local dates from `from` to `to`, both included. */
export function runDates(rule: RunRule, from: string, to: string): string[] {
  if (to < from) return [];
  return rruleOf(rule).between(floating(from), floating(to), true).map(dateOf);
}

/** Every date of a rule that ends; up to `limit` + 1 of them, to tell "too many". */
export function allRunDates(rule: RunRule, limit: number): string[] {
  return rruleOf(rule)
    .all((_, i) => i <= limit)
    .map(dateOf);
}

/** The first date of the rule on or after its firstDate: what DTSTART is (RFC 5545 counts it). */
export function firstRunDate(rule: RunRule): string | null {
  const first = rruleOf({ ...rule, count: null }).after(floating(rule.firstDate), true);
  return first ? dateOf(first) : null;
}

/**
 * The instant a date of the run starts at the court. As RFC 5545 reads a local time: one that
 * occurs twice (fall back) is the first of the two; one the clocks skip (spring forward) is read
 * with the offset before the gap, so 2:30 AM becomes 3:30 AM.
 */
export function startOf(date: string, startTime: string, timeZone: string): Date {
  return new Date(zonedValueToIso(`${date}T${startTime}`, timeZone));
}

/** Whether the clocks skip this local time on this date (spring forward). */
export function isSkipped(date: string, startTime: string, timeZone: string): boolean {
  const local = `${date}T${startTime}`;
  return toZonedInputValue(startOf(date, startTime, timeZone), timeZone) !== local;
}

/** Today's date on the court's calendar. */
export function todayAt(timeZone: string, now: Date = new Date()): string {
  return toZonedInputValue(now, timeZone).slice(0, 10);
}
