import { describe, expect, it, vi } from "vitest";
import { sharedAnswers } from "./shared-answers.ts";

/** A load that answers `${key}#${n}` for its n-th call, resolved when the test says so. */
function controlledLoad() {
  let calls = 0;
  const waiting: (() => void)[] = [];
  const load = vi.fn(async (key: string) => {
    calls += 1;
    const n = calls;
    await new Promise<void>((resolve) => waiting.push(resolve));
    return `${key}#${n}`;
  });
  const finish = () => {
    for (const resolve of waiting.splice(0)) resolve();
  };
  return { load, finish };
}

describe("sharedAnswers", () => {
  it("shares one load between callers and one answer within the window, per key", async () => {
    let clock = 0;
    const { load, finish } = controlledLoad();
    const answers = sharedAnswers(load, { maxAgeMs: 1000, now: () => clock });
    const both = Promise.all([answers.read("a"), answers.read("a"), answers.read("b")]);
    finish();
    expect(await both).toEqual(["a#1", "a#1", "b#2"]);
    clock = 999;
    expect(await answers.read("a")).toBe("a#1");
    expect(load).toHaveBeenCalledTimes(2);

    clock = 1000;
    const again = answers.read("a");
    finish();
    expect(await again).toBe("a#3");
  });

  it("does not keep a failed load", async () => {
    const load = vi
      .fn<(key: string) => Promise<string>>()
      .mockRejectedValueOnce(new Error("connection lost"))
      .mockResolvedValueOnce("fresh");
    const answers = sharedAnswers(load, { maxAgeMs: 1000, now: () => 0 });
    await expect(answers.read()).rejects.toThrow("connection lost");
    expect(await answers.read()).toBe("fresh");
  });

  it("after invalidate, reads load again and a load under way is not kept", async () => {
    const { load, finish } = controlledLoad();
    const answers = sharedAnswers(load, { maxAgeMs: 60_000, now: () => 0 });
    const stale = answers.read("k");
    answers.invalidate();
    const fresh = answers.read("k");
    finish();
    expect(await stale).toBe("k#1");
    expect(await fresh).toBe("k#2");
    // The answer kept is the fresh one, not the load that was under way at the invalidation.
    expect(await answers.read("k")).toBe("k#2");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("near an answer's end, answers at once and loads the next one in the background", async () => {
    let clock = 0;
    const { load, finish } = controlledLoad();
    const answers = sharedAnswers(load, { maxAgeMs: 1000, refreshAheadMs: 200, now: () => clock });
    const first = answers.read("k");
    finish();
    expect(await first).toBe("k#1");
    clock = 799;
    expect(await answers.read("k")).toBe("k#1");
    expect(load).toHaveBeenCalledTimes(1);

    // Within the last 200 ms: the current answer, and one load under way for everyone.
    clock = 800;
    expect(await answers.read("k")).toBe("k#1");
    expect(await answers.read("k")).toBe("k#1");
    expect(load).toHaveBeenCalledTimes(2);
    finish();
    await vi.waitFor(async () => expect(await answers.read("k")).toBe("k#2"));

    // Never older than maxAgeMs: past the end a reader waits for the load, as without it.
    clock = 800 + 1000;
    const late = answers.read("k");
    finish();
    expect(await late).toBe("k#3");

    // A background load under way at an invalidation is not kept.
    clock += 900;
    expect(await answers.read("k")).toBe("k#3");
    answers.invalidate();
    const fresh = answers.read("k");
    finish();
    expect(await fresh).toBe("k#5");
    expect(await answers.read("k")).toBe("k#5");
  });

  it("keeps at most maxKeys answers, dropping the least recently read", async () => {
    const load = vi.fn(async (key: string) => key.toUpperCase());
    const answers = sharedAnswers(load, { maxAgeMs: 60_000, maxKeys: 2, now: () => 0 });
    await answers.read("a");
    await answers.read("b");
    await answers.read("c"); // drops a
    await answers.read("b");
    await answers.read("a");
    expect(load.mock.calls.map(([key]) => key)).toEqual(["a", "b", "c", "a"]);
  });

  it("keeps an answer whose background load failed until it runs out, and clears it in its refresh window", async () => {
    let clock = 0;
    const load = vi
      .fn<(key: string) => Promise<string>>()
      .mockResolvedValueOnce("first")
      .mockRejectedValueOnce(new Error("connection lost"))
      .mockResolvedValueOnce("second")
      .mockResolvedValueOnce("third");
    const answers = sharedAnswers(load, { maxAgeMs: 1000, refreshAheadMs: 200, now: () => clock });
    expect(await answers.read("k")).toBe("first");
    clock = 900;
    expect(await answers.read("k")).toBe("first"); // its background load fails
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(await answers.read("k")).toBe("first"); // still within 1000 ms; loads again
    await vi.waitFor(async () => expect(await answers.read("k")).toBe("second"));
    clock = 900 + 850;
    answers.invalidate();
    expect(await answers.read("k")).toBe("third");
  });
});
