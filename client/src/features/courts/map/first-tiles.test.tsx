import type { CourtOverview } from "@common/courts.ts";
import type { Tile } from "@common/map-tiles.ts";
import { QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/app/query-client.ts";
import { initialView, MAP_BOX_ATTRIBUTE, NEARBY_ZOOM } from "@/components/map/map-view.ts";
import { stubFetch } from "@/test-support/stub-fetch.ts";
import { testTileAnswer } from "@/test-support/test-courts.ts";
import { DEFAULT_FILTERS, filterParams } from "../court-filters.ts";
import { courtOverviewQuery } from "../court-overview-query.ts";
import { useTileItems } from "./court-tiles-query.ts";
import { fetchFirstTiles } from "./first-tiles.ts";
import { realLeafletView } from "./real-leaflet-view.ts";

const OVERVIEW: CourtOverview = {
  totalCourts: 1200,
  activePlayers: 7,
  bounds: [-124.21459, 24.55002, -68.67125, 48.85328],
};
const tileUrl = ({ z, x, y }: Tile) => `/api/courts/tiles/${z}/${x}/${y}`;

/** The server-rendered map box, with the size the browser laid it out at. */
function mapBox(width: number, height: number) {
  const box = document.createElement("section");
  box.setAttribute(MAP_BOX_ATTRIBUTE, "");
  Object.defineProperty(box, "clientWidth", { value: width });
  Object.defineProperty(box, "clientHeight", { value: height });
  document.body.append(box);
}

/** Each tile answers one court at its middle, numbered by x and y; answers wait for `release`. */
function tileServer() {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const fetchMock = stubFetch(async (url) => {
    await held;
    return Response.json(testTileAnswer(url));
  });
  return { fetchMock, release: () => release() };
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe("fetchFirstTiles", () => {
  it("asks for the first view's tiles once; the map's tile queries show those answers", async () => {
    const client = createQueryClient();
    client.setQueryData(courtOverviewQuery.queryKey, OVERVIEW);
    mapBox(936, 542);
    const { fetchMock, release } = tileServer();

    const tiles = fetchFirstTiles(document, client, "");
    expect(tiles.length).toBeGreaterThan(0);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(tiles.length));
    expect(fetchMock.mock.calls.map(([url]) => String(url)).sort()).toEqual(
      tiles.map(tileUrl).sort(),
    );

    // The map mounts while they are in flight and reports the view real Leaflet gives it.
    const view = realLeafletView(initialView(OVERVIEW.bounds, null), 936, 542);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useTileItems(view, filterParams(DEFAULT_FILTERS), true), {
      wrapper,
    });
    expect(result.current.items).toBeUndefined();
    release();
    await waitFor(() => expect(result.current.items).toBeDefined());
    const shown = (result.current.items ?? []).map((item) =>
      item.kind === "court" ? item.court.id : item.key,
    );
    expect(shown.sort()).toEqual(tiles.map(({ x, y }) => x * 1000 + y).sort());
    expect(fetchMock).toHaveBeenCalledTimes(tiles.length);
  });

  it("starts near the visitor when the URL says where they are", async () => {
    const client = createQueryClient();
    client.setQueryData(courtOverviewQuery.queryKey, OVERVIEW);
    mapBox(356, 382);
    tileServer().release();
    const tiles = fetchFirstTiles(document, client, "?lat=40.7128&lng=-74.006");
    expect(tiles.every((tile) => tile.z === NEARBY_ZOOM - 1)).toBe(true);
    expect(tiles.length).toBeGreaterThan(0);
  });

  it("asks for nothing without a laid-out map box or a place to start", async () => {
    const { fetchMock } = tileServer();
    const client = createQueryClient();
    expect(fetchFirstTiles(document, client, "")).toEqual([]);
    mapBox(0, 0);
    client.setQueryData(courtOverviewQuery.queryKey, OVERVIEW);
    expect(fetchFirstTiles(document, client, "")).toEqual([]);
    document.body.replaceChildren();
    mapBox(936, 542);
    expect(fetchFirstTiles(document, createQueryClient(), "")).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
