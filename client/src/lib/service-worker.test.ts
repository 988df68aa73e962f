import { afterEach, describe, expect, it, vi } from "vitest";
import { SERVICE_WORKER_DELAY_MS, startServiceWorkerWhenIdle } from "./service-worker.ts";

/** A window whose load, timers and idle callbacks the test drives. */
function fakeWindow(readyState: DocumentReadyState, { idle = true } = {}) {
  const events = new EventTarget();
  const idleCallbacks: (() => void)[] = [];
  const win = {
    document: { readyState },
    addEventListener: events.addEventListener.bind(events),
    setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
    ...(idle && {
      requestIdleCallback: (run: () => void, options: { timeout: number }) => {
        expect(options.timeout).toBe(SERVICE_WORKER_DELAY_MS);
        idleCallbacks.push(run);
        return idleCallbacks.length;
      },
    }),
  };
  return {
    win: win as unknown as Window,
    load: () => events.dispatchEvent(new Event("load")),
    runIdle: () => {
      for (const run of idleCallbacks.splice(0)) run();
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("startServiceWorkerWhenIdle", () => {
  it("waits for the page's load, then a few seconds, then the browser's next idle moment", () => {
    vi.useFakeTimers();
    const start = vi.fn();
    const page = fakeWindow("interactive");
    startServiceWorkerWhenIdle(page.win, start);
    vi.advanceTimersByTime(10 * SERVICE_WORKER_DELAY_MS);
    page.runIdle();
    expect(start).not.toHaveBeenCalled(); // not loaded yet

    page.load();
    vi.advanceTimersByTime(SERVICE_WORKER_DELAY_MS - 1);
    page.runIdle();
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).not.toHaveBeenCalled(); // asked for an idle moment
    page.runIdle();
    expect(start).toHaveBeenCalledOnce();
  });

  it("counts from now on a page already loaded; starts after the delay without idle callbacks", () => {
    vi.useFakeTimers();
    const start = vi.fn();
    startServiceWorkerWhenIdle(fakeWindow("complete", { idle: false }).win, start);
    vi.advanceTimersByTime(SERVICE_WORKER_DELAY_MS - 1);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledOnce();
  });
});
