import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time.ts";

describe("relativeTime", () => {
  const now = new Date("2026-11-23T18:00:00");
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  it.each([
    [ago(20_000), "just now"],
    [ago(5 * 60_000), "5 min ago"],
    [ago(3 * 3_600_000), "3 h ago"],
    [ago(30 * 3_600_000), "yesterday"],
    [ago(4 * 86_400_000), "4 days ago"],
    [new Date("2026-10-02T12:00:00").toISOString(), "Oct 2"],
    [new Date("2025-10-02T12:00:00").toISOString(), "Oct 2, 2025"],
  ])("%s reads %s", (iso, text) => {
    expect(relativeTime(iso, now)).toBe(text);
  });
});
