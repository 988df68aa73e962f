import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useNextTask } from "./use-next-task.ts";

afterEach(() => {
  vi.useRealTimers();
});

describe("useNextTask", () => {
  it("is false when mounted and true once a later task has run", () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useNextTask());
    expect(result.current).toBe(false);
    act(() => {
      vi.runAllTimers();
    });
    expect(result.current).toBe(true);
  });

  it("sets nothing after it is gone", () => {
    vi.useFakeTimers();
    const { result, unmount } = renderHook(() => useNextTask());
    unmount();
    act(() => {
      vi.runAllTimers();
    });
    expect(result.current).toBe(false);
  });
});
