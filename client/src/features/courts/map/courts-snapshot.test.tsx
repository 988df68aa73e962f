import { APP_ENTRY_ATTRIBUTE, SERVER_STATE_ID } from "@common/page-data.ts";
import { waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/app/query-client.ts";
import {
  MAP_BOX_ATTRIBUTE,
  MAP_DRAWN_EVENT,
  SNAPSHOT_ATTRIBUTE,
} from "@/components/map/map-view.ts";
import { stubFetch } from "@/test-support/stub-fetch.ts";
import { testTileAnswer } from "@/test-support/test-courts.ts";
import { courtOverviewQuery } from "../court-overview-query.ts";
import { courtTileQuery } from "./court-tiles-query.ts";
import { SNAPSHOT_MARKER_CLASS, startSnapshot } from "./courts-snapshot.ts";
import { fetchFirstTiles } from "./first-tiles.ts";

const BOUNDS = [-124.21459, 24.55002, -68.67125, 48.85328];

/** The server's /courts markup: the map box (laid out at a size) with its snapshot element. */
function serverPage({ width = 936, height = 542, bounds = BOUNDS as number[] | null } = {}) {
  const box = document.createElement("section");
  box.setAttribute(MAP_BOX_ATTRIBUTE, "");
  Object.defineProperty(box, "clientWidth", { value: width });
  Object.defineProperty(box, "clientHeight", { value: height });
  const host = document.createElement("div");
  host.setAttribute(SNAPSHOT_ATTRIBUTE, "");
  host.setAttribute("aria-hidden", "true");
  box.append(host);
  const state = document.createElement("script");
  state.type = "application/json";
  state.id = SERVER_STATE_ID;
  const overview = { totalCourts: 10, activePlayers: 1, bounds };
  state.textContent = JSON.stringify({
    mutations: [],
    queries: [{ queryKey: ["/api/courts/overview"], queryHash: "x", state: { data: overview } }],
  });
  document.body.append(box, state);
  return { box, host };
}

/** Each tile answers one court at its middle (with players on the first) and a cluster. */
function tileServer() {
  return stubFetch(async (url) =>
    Response.json(testTileAnswer(url, ({ x }) => ({ activePlayers: x === 1 ? 2 : 0 }))),
  );
}

/** The app's entry as the server's page names it: preloaded, for the snapshot to run. */
function heldEntry() {
  const link = document.createElement("link");
  link.rel = "preload";
  link.as = "script";
  link.href = "/assets/index-abc123.js";
  link.setAttribute(APP_ENTRY_ATTRIBUTE, "");
  document.head.append(link);
  return `${window.location.origin}/assets/index-abc123.js`;
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as { courtsFirstTiles?: unknown }).courtsFirstTiles;
  document.body.replaceChildren();
  document.head.replaceChildren();
});

describe("startSnapshot", () => {
  it("draws the first view's markers in the map box, hidden and unfocusable, until the map has drawn", async () => {
    const { box, host } = serverPage();
    const fetchMock = tileServer();
    expect(await startSnapshot(window)).toBe(true);

    const markers = [...host.querySelectorAll(`.${SNAPSHOT_MARKER_CLASS}`)];
    expect(markers.length).toBeGreaterThan(0);
    expect(markers.every((marker) => marker.querySelector(".court-marker"))).toBe(true);
    expect(host.querySelector(".court-marker--active")).not.toBeNull();
    expect(host.closest("[aria-hidden='true']")).toBe(host);
    expect(host.querySelectorAll("a, button, [tabindex]")).toHaveLength(0);
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(new Set(urls).size).toBe(urls.length);

    box.dispatchEvent(new Event(MAP_DRAWN_EVENT));
    expect(host.childElementCount).toBe(0);
  });

  it("hands its requests to the app: the map's queries get the answers, nothing is asked twice", async () => {
    serverPage();
    const fetchMock = tileServer();
    const drawn = startSnapshot(window);
    const client = createQueryClient();
    client.setQueryData(courtOverviewQuery.queryKey, {
      totalCourts: 10,
      activePlayers: 1,
      bounds: BOUNDS as [number, number, number, number],
    });
    const tiles = fetchFirstTiles(document, client, "");
    expect(await drawn).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(tiles.length);
    for (const tile of tiles) {
      await waitFor(() =>
        expect(client.getQueryData(courtTileQuery(tile, "").queryKey)?.courts).toHaveLength(1),
      );
    }
    expect(fetchMock).toHaveBeenCalledTimes(tiles.length);
  });

  it("does not draw once the map has drawn its own markers", async () => {
    const { box, host } = serverPage();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answer = tileServer();
    stubFetch(async (url, init) => {
      await held;
      return answer(url, init);
    });
    const drawn = startSnapshot(window);
    box.dispatchEvent(new Event(MAP_DRAWN_EVENT));
    release();
    expect(await drawn).toBe(false);
    expect(host.childElementCount).toBe(0);
  });

  it("does nothing without a laid-out box, a place to go, or when the app came first", async () => {
    const fetchMock = tileServer();
    expect(await startSnapshot(window)).toBe(false);
    serverPage({ width: 0 });
    expect(await startSnapshot(window)).toBe(false);
    document.body.replaceChildren();
    const { host } = serverPage();
    document.getElementById(SERVER_STATE_ID)?.remove();
    expect(await startSnapshot(window)).toBe(false);
    document.body.replaceChildren();
    serverPage();
    fetchFirstTiles(document, createQueryClient(), "");
    expect(await startSnapshot(window)).toBe(false);
    // Its requests wait for a painted frame: nothing is asked after it either.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(host.childElementCount).toBe(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("starts the app once its picture is on screen, and only once", async () => {
    const { host } = serverPage();
    tileServer();
    const entry = heldEntry();
    let drawnWhenStarted = -1;
    const startEntry = vi.fn(async () => {
      drawnWhenStarted = host.childElementCount;
    });
    expect(await startSnapshot(window, { startEntry })).toBe(true);
    // A frame for the picture first: the app's first task would hold it back.
    expect(startEntry).not.toHaveBeenCalled();
    await waitFor(() => expect(startEntry).toHaveBeenCalledWith(entry));
    expect(drawnWhenStarted).toBeGreaterThan(0);
    // A second run (the page's script loaded twice) finds no entry left to start.
    document.body.replaceChildren();
    serverPage();
    delete (window as { courtsFirstTiles?: unknown }).courtsFirstTiles;
    await startSnapshot(window, { startEntry });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(startEntry).toHaveBeenCalledTimes(1);
  });

  it("starts the app at once when it draws nothing, and after its wait when the tiles are slow", async () => {
    const entry = heldEntry();
    const startEntry = vi.fn(async () => {});
    tileServer();
    expect(await startSnapshot(window, { startEntry })).toBe(false);
    await waitFor(() => expect(startEntry).toHaveBeenCalledWith(entry));

    startEntry.mockClear();
    heldEntry();
    serverPage();
    delete (window as { courtsFirstTiles?: unknown }).courtsFirstTiles;
    stubFetch(() => new Promise<Response>(() => {}));
    void startSnapshot(window, { startEntry, waitMs: 30 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(startEntry).not.toHaveBeenCalled();
    await waitFor(() => expect(startEntry).toHaveBeenCalledWith(entry));
  });

  it("starts the app when its tiles fail", async () => {
    serverPage();
    const entry = heldEntry();
    stubFetch(async () => new Response("down", { status: 503 }));
    const startEntry = vi.fn(async () => {});
    expect(await startSnapshot(window, { startEntry })).toBe(false);
    await waitFor(() => expect(startEntry).toHaveBeenCalledWith(entry));
  });
});
