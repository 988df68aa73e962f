import { describe, expect, it } from "vitest";
import { ageLabel, lapsesLabel } from "./condition-age.ts";

const now = Date.parse("2026-06-01T12:00:00Z");
const ago = (ms: number) => new Date(now - ms).toISOString();

describe("a report's age and lapse", () => {
  it("says how old a report is", () => {
    expect(ageLabel(ago(20_000), now)).toBe("just now");
    expect(ageLabel(ago(12 * 60_000), now)).toBe("12 min ago");
    expect(ageLabel(ago(3 * 3_600_000), now)).toBe("3 h ago");
    expect(ageLabel(ago(26 * 3_600_000), now)).toBe("1 day ago");
    expect(ageLabel(ago(5 * 86_400_000), now)).toBe("5 days ago");
  });

  it("says when it lapses", () => {
    expect(lapsesLabel(ago(-40 * 60_000), now)).toBe("lapses in 40 min");
    expect(lapsesLabel(ago(-14 * 86_400_000), now)).toBe("lapses in 14 days");
  });
});
