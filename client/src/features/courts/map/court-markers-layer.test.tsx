import type { Court } from "@common/courts.ts";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import type { Map as LeafletMap } from "leaflet";
import { MapContainer, useMap } from "react-leaflet";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SAMPLE_COURTS, testCourt } from "@/test-support/test-courts.ts";
import { LAYERS_PER_TASK } from "./batched-layers.ts";
import { CourtMarkersLayer } from "./court-markers-layer.tsx";
import type { MapItem } from "./map-items.ts";

const markers = () => document.querySelectorAll<HTMLElement>(".leaflet-marker-icon");
const courtItems = (courts: readonly Court[]): MapItem[] =>
  courts.map((court) => ({ kind: "court", court }));
/** Courts far enough apart that none is merged with another at zoom 16. */
const spreadCourts = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    testCourt({ id: 100 + i, name: `Spread ${i}`, latitude: 34 + i * 0.01, longitude: -118 }),
  );

let leaflet: LeafletMap | null = null;
function GrabMap() {
  leaflet = useMap();
  return null;
}

function renderLayer(items: readonly MapItem[]) {
  const onSelect = vi.fn();
  const view = (next: readonly MapItem[]) => (
    <MapContainer center={[34.05, -118.4]} zoom={16} zoomAnimation={false} fadeAnimation={false}>
      <GrabMap />
      <CourtMarkersLayer items={next} animate={false} onSelect={onSelect} />
    </MapContainer>
  );
  const rendered = render(view(items));
  return {
    onSelect,
    rerender: (next: readonly MapItem[]) => rendered.rerender(view(next)),
    unmount: rendered.unmount,
  };
}

/** Runs the tasks that add the markers. */
const drawAll = () =>
  act(() => {
    vi.runAllTimers();
  });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("CourtMarkersLayer", () => {
  it("draws a few hundred markers a batch per task", () => {
    renderLayer(courtItems(spreadCourts(150)));
    // Not in the task that rendered the view: a batch in each task after it.
    expect(markers()).toHaveLength(0);
    act(() => {
      vi.advanceTimersToNextTimer();
    });
    expect(markers()).toHaveLength(LAYERS_PER_TASK);
    act(() => {
      vi.advanceTimersToNextTimer();
    });
    expect(markers()).toHaveLength(2 * LAYERS_PER_TASK);
    drawAll();
    expect(markers()).toHaveLength(150);
  });

  it("keeps the markers a new view still shows, drops the others, redraws a changed court", () => {
    const { rerender } = renderLayer(courtItems(SAMPLE_COURTS));
    drawAll();
    const hollywood = screen.getByRole("button", { name: "Hollywood YMCA" });
    const [venice, , panPacific] = SAMPLE_COURTS as [Court, Court, Court];
    rerender(courtItems([{ ...venice, activePlayers: 0 }, SAMPLE_COURTS[1] as Court]));
    drawAll();
    expect(markers()).toHaveLength(2);
    // The same element: a marker in both views does not flicker.
    expect(screen.getByRole("button", { name: "Hollywood YMCA" })).toBe(hollywood);
    expect(screen.queryByRole("button", { name: panPacific.name })).toBeNull();
    // Venice's players left: it is drawn anew, orange and still.
    const veniceIcon = screen.getByRole("button", { name: venice.name });
    expect(veniceIcon.querySelector(".court-marker--active")).toBeNull();
    expect(veniceIcon.querySelector(".court-marker")).not.toBeNull();
  });

  it("shows a court with players red and above the others", () => {
    renderLayer(courtItems(SAMPLE_COURTS));
    drawAll();
    const venice = screen.getByRole("button", { name: "Venice Beach Courts" });
    const hollywood = screen.getByRole("button", { name: "Hollywood YMCA" });
    expect(venice.querySelector(".court-marker--active")).not.toBeNull();
    expect(hollywood.querySelector(".court-marker--active")).toBeNull();
    expect(Number(venice.style.zIndex)).toBeGreaterThan(Number(hollywood.style.zIndex));
  });

  it("opens a court's popup and selects it on click, or from the keyboard", () => {
    const { onSelect } = renderLayer(courtItems(SAMPLE_COURTS));
    drawAll();
    const venice = screen.getByRole("button", { name: "Venice Beach Courts" });
    expect(venice).toHaveAttribute("tabindex", "0");
    act(() => {
      fireEvent.click(venice);
    });
    expect(onSelect).toHaveBeenLastCalledWith(SAMPLE_COURTS[0]);
    const popup = document.querySelector<HTMLElement>(".leaflet-popup");
    expect(within(popup as HTMLElement).getByText("Venice Beach Courts")).toBeInTheDocument();

    act(() => {
      fireEvent.keyDown(screen.getByRole("button", { name: "Pan Pacific Park" }), { key: "Enter" });
    });
    expect(onSelect).toHaveBeenLastCalledWith(SAMPLE_COURTS[2]);
    expect(
      within(document.querySelector(".leaflet-popup") as HTMLElement).getByText("Pan Pacific Park"),
    ).toBeInTheDocument();
    act(() => {
      fireEvent.keyDown(screen.getByRole("button", { name: "Hollywood YMCA" }), { key: "a" });
    });
    expect(onSelect).toHaveBeenCalledTimes(2);
  });

  it("zooms in on a cluster when it is pressed", () => {
    const cluster: MapItem = {
      kind: "cluster",
      key: "c1",
      count: 1200,
      latitude: 34,
      longitude: -118,
      bounds: [-118, 34, -118, 34],
    };
    renderLayer([cluster]);
    drawAll();
    const button = screen.getByRole("button", { name: "1,200 courts, zoom in" });
    expect(button).toHaveTextContent("1,200");
    act(() => {
      fireEvent.keyDown(button, { key: " " });
    });
    expect(leaflet?.getZoom()).toBe(18);
    expect(leaflet?.getCenter().lat).toBeCloseTo(34);
  });

  it("takes its markers off the map when it goes", () => {
    const { unmount } = renderLayer(courtItems(SAMPLE_COURTS));
    drawAll();
    expect(markers()).toHaveLength(3);
    unmount();
    expect(markers()).toHaveLength(0);
  });
});
