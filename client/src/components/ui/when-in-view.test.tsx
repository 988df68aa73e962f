import { act, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WhenInView } from "./when-in-view.tsx";

const map = (
  <WhenInView fallback={<p>Map frame</p>}>
    <p>The map</p>
  </WhenInView>
);

/** jsdom has no IntersectionObserver: this one reports what the test says is in view. */
class TestObserver {
  static all: TestObserver[] = [];
  readonly targets: Element[] = [];
  disconnected = false;
  constructor(private readonly report: IntersectionObserverCallback) {
    TestObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.disconnected = true;
  }
  show(isIntersecting: boolean) {
    const entries = this.targets.map((target) => ({ target, isIntersecting }));
    this.report(entries as IntersectionObserverEntry[], this as unknown as IntersectionObserver);
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  TestObserver.all = [];
});

describe("WhenInView", () => {
  it("sends the fallback from the server", () => {
    expect(renderToString(map)).toBe("<div><p>Map frame</p></div>");
  });

  it("keeps the fallback until the box is in view, then shows the children for good", () => {
    vi.stubGlobal("IntersectionObserver", TestObserver);
    const container = document.createElement("div");
    container.innerHTML = renderToString(map);
    document.body.append(container);
    render(map, { container, hydrate: true });
    const [observer] = TestObserver.all;
    expect(observer?.targets).toEqual([screen.getByText("Map frame").parentElement]);

    act(() => observer?.show(false));
    expect(screen.getByText("Map frame")).toBeInTheDocument();
    expect(screen.queryByText("The map")).toBeNull();

    act(() => observer?.show(true));
    expect(screen.getByText("The map")).toBeInTheDocument();
    expect(screen.queryByText("Map frame")).toBeNull();
    expect(observer?.disconnected).toBe(true);
    expect(TestObserver.all).toHaveLength(1);
  });

  it("stops watching when it goes away", () => {
    vi.stubGlobal("IntersectionObserver", TestObserver);
    const { unmount } = render(map);
    unmount();
    expect(TestObserver.all[0]?.disconnected).toBe(true);
  });

  it("shows the children where the browser cannot tell what is in view", () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    render(map);
    expect(screen.getByText("The map")).toBeInTheDocument();
  });
});
