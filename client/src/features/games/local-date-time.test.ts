import { describe, expect, it } from "vitest";
import { localValueToIso, toLocalInputValue } from "./local-date-time.ts";

describe("datetime-local values", () => {
  it("writes a local moment as the input does", () => {
    expect(toLocalInputValue(new Date(2026, 4, 2, 8, 5))).toBe("2026-05-02T08:05");
  });

  it("turns a value into ISO 8601 with the browser's offset, meaning the same instant", () => {
    const iso = localValueToIso("2026-05-02T18:30");
    expect(iso).toMatch(/^2026-05-02T18:30:00[+-]\d{2}:\d{2}$/);
    expect(Date.parse(iso)).toBe(new Date(2026, 4, 2, 18, 30).getTime());
  });

  it("leaves anything else for the schema to refuse", () => {
    expect(localValueToIso("")).toBe("");
    expect(localValueToIso("tomorrow at six")).toBe("tomorrow at six");
  });
});
