import { render, renderHook, screen, waitFor } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it, vi } from "vitest";
import { preloadable, usePreloaded } from "./preloadable.ts";

const Hello = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe("preloadable", () => {
  it("renders without suspending once preloaded, and loads the module once", async () => {
    const load = vi.fn(async () => ({ default: Hello }));
    const Page = preloadable(load);
    await Page.preload();
    await Page.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page name="Sam" />
      </Suspense>,
    );
    // Synchronously there: no fallback was ever committed.
    expect(screen.getByText("Hello Sam")).toBeInTheDocument();
    expect(screen.queryByText("Loading")).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("suspends like React.lazy when rendered before it is fetched", async () => {
    const load = vi.fn(async () => ({ default: Hello }));
    const Page = preloadable(load);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page name="Ana" />
      </Suspense>,
    );
    expect(screen.getByText("Loading")).toBeInTheDocument();
    expect(await screen.findByText("Hello Ana")).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("reports a component ready once its chunk has loaded, fetching it on the way", async () => {
    let finish: (module: { default: typeof Hello }) => void = () => {};
    const load = vi.fn(
      () => new Promise<{ default: typeof Hello }>((resolve) => (finish = resolve)),
    );
    const Page = preloadable(load);
    const { result } = renderHook(() => usePreloaded(Page));
    expect(result.current).toBe(false);
    expect(load).toHaveBeenCalledTimes(1);
    finish({ default: Hello });
    await waitFor(() => expect(result.current).toBe(true));
  });

  it("reports a component whose chunk failed as ready, so React.lazy rethrows the error", async () => {
    const Page = preloadable<{ name: string }>(() => Promise.reject(new Error("offline")));
    const { result } = renderHook(() => usePreloaded(Page));
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
    await expect(Page.preload()).rejects.toThrow("offline");
  });

  it("counts no component as ready", () => {
    const { result } = renderHook(() => usePreloaded(undefined));
    expect(result.current).toBe(true);
  });
});
