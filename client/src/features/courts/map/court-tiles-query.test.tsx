import { QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/app/query-client.ts";
import { stubFetch } from "@/test-support/stub-fetch.ts";
import { testTileAnswer } from "@/test-support/test-courts.ts";
import { useTileItems } from "./court-tiles-query.ts";
import { courtTileUrl, type MapViewState, viewTiles } from "./view-tiles.ts";

afterEach(() => vi.unstubAllGlobals());

/** Los Angeles and around, where a pan or a zoom has just brought the map. */
const MOVED_TO: MapViewState = { bbox: [-119.2, 33.4, -117.1, 34.6], zoom: 9 };

describe("useTileItems", () => {
  it("asks for a moved view's tiles after the task that rendered the view, each once", async () => {
    const fetchMock = stubFetch(async (url) => Response.json(testTileAnswer(url)));
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const filters = new URLSearchParams();

    const { result } = renderHook(() => useTileItems(MOVED_TO, filters, true), { wrapper });

    // Rendered, and its effects have run (the queries are subscribed): no request yet.
    expect(fetchMock).not.toHaveBeenCalled();
    expect(result.current.items).toBeUndefined();
    await waitFor(() => expect(result.current.items).toBeDefined());
    const tiles = viewTiles(MOVED_TO);
    expect(tiles.length).toBeGreaterThan(1);
    expect(fetchMock.mock.calls.map(([url]) => String(url)).sort()).toEqual(
      tiles.map((tile) => courtTileUrl(tile, "")).sort(),
    );
    expect(result.current.items).toHaveLength(tiles.length);
  });
});
