import { render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it, vi } from "vitest";
import { preloadable } from "./preloadable.ts";

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
});
