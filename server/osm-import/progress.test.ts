import { describe, expect, it } from "vitest";
import { progressReporter } from "./progress.ts";

function recorder(isTTY: boolean) {
  const writes: string[] = [];
  return { out: { isTTY, columns: 120, write: (text: string) => writes.push(text) }, writes };
}

describe("progressReporter", () => {
  it("writes a plain line at each tenth of a pass when stderr is not a terminal", () => {
    const { out, writes } = recorder(false);
    let clock = 0;
    const report = progressReporter(out, () => clock);
    report.startPass(1, 0, "Finding basketball courts");
    for (let done = 0; done <= 2_000_000; done += 100_000) report.bytes(done, 2_000_000);
    report.elements(12_345);
    clock = 1500;
    report.endPass();
    expect(writes.every((w) => w.endsWith("\n") && !w.includes("\r"))).toBe(true);
    expect(writes[0]).toBe("Pass 1 · Finding basketball courts: 0%\n");
    expect(writes).toContain("Pass 1 · Finding basketball courts: 50% 1.0 MB of 2.0 MB\n");
    expect(writes.filter((w) => w.includes("%"))).toHaveLength(11);
    expect(writes.at(-1)).toBe("Pass 1 · Finding basketball courts: done in 1.5 s\n");
  });

  it("redraws one bar in place on a terminal, at most every 100 ms", () => {
    const { out, writes } = recorder(true);
    let clock = 0;
    const report = progressReporter(out, () => clock);
    report.startPass(3, 3, "Reading node positions");
    for (let i = 1; i <= 50; i++) {
      clock += 10;
      report.bytes(i * 10_000, 500_000);
    }
    clock += 10;
    report.endPass();
    const redraws = writes.filter((w) => w.startsWith("\r\x1b[K"));
    expect(redraws.length).toBeGreaterThan(3);
    expect(redraws.length).toBeLessThan(10);
    expect(redraws.at(-1)).toBe(
      "\r\x1b[K[########################] Pass 3 of 3 · Reading node positions: 100% 500 kB of 500 kB",
    );
    expect(writes.at(-1)).toBe(" (0.5 s)\n");
  });
});
