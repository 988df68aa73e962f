import type { CourtTile } from "@common/courts.ts";
import { APP_ENTRY_ATTRIBUTE, SERVER_STATE_ID } from "@common/page-data.ts";
import { MAP_DRAWN_EVENT, SNAPSHOT_ATTRIBUTE } from "@/components/map/map-view.ts";
import { type EarlyTiles, firstMap, offerEarlyTiles, overviewBoundsIn } from "./first-map.ts";
import { type SnapshotMarker, snapshotMarkers } from "./snapshot-markers.ts";

/** Marks the snapshot's markers (the bench's first-marker probe counts them too). */
export const SNAPSHOT_MARKER_CLASS = "court-snapshot-marker";
/** A tab opened in the background draws no frame: its tiles are asked for after this anyway. */
const NO_FRAME_FALLBACK_MS = 1000;
/**
 * The longest the app's start waits for the picture, from this script's run: on a slow network
 * the picture may come late, and the page is not interactive until the app runs.
 */
export const APP_START_WAIT_MS = 1000;

/**
 * After the page's first frame has been painted: requests started before it count against
 * Lighthouse's simulated LCP (decisions §68). At once when the browser has painted already.
 */
const afterFirstPaint = (win: Window) =>
  new Promise<void>((resolve) => {
    if (win.performance.getEntriesByType("paint").length > 0) return resolve();
    win.requestAnimationFrame(() => win.setTimeout(resolve, 0));
    win.setTimeout(resolve, NO_FRAME_FALLBACK_MS);
  });

async function fetchTile(win: Window, url: string): Promise<CourtTile> {
  const response = await win.fetch(url, { credentials: "include" });
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  return (await response.json()) as CourtTile;
}

function markerElement(doc: Document, marker: SnapshotMarker): HTMLElement {
  const element = doc.createElement("div");
  element.className = `${marker.className} ${SNAPSHOT_MARKER_CLASS}`;
  element.innerHTML = marker.html;
  Object.assign(element.style, {
    position: "absolute",
    left: `${marker.left}px`,
    top: `${marker.top}px`,
    width: `${marker.size}px`,
    height: `${marker.size}px`,
    zIndex: String(marker.zIndex),
  });
  return element;
}

/**
 * The first markers of `/courts` before the app's JavaScript has loaded (issue 13, first
 * marker): this runs as a tiny script of its own (client/src/courts-snapshot.ts) on the page the
 * server rendered, once its markup has been parsed. It works out the map's first view as
 * Leaflet will show it, asks for that view's court tiles once a frame has been painted, and
 * draws their markers as a static picture (hidden from assistive technology, not focusable) in
 * the map box's snapshot element, exactly where the interactive map will draw them. The app
 * takes the same requests over (first-tiles.ts), and the snapshot goes when the map says it
 * has drawn its markers.
 * Then it starts the app: the page preloads the app's entry, and this runs it (`startEntry`).
 * Resolves to whether a snapshot was drawn; draws nothing when there is no map box, it has no
 * size, nothing says where to go, or the app started first.
 */
export function startSnapshot(
  win: Window,
  { startEntry = (url: string) => import(/* @vite-ignore */ url), waitMs = APP_START_WAIT_MS } = {},
): Promise<boolean> {
  const drawn = drawSnapshot(win).catch(() => false);
  // The app's evaluation and hydration take the main thread for hundreds of milliseconds: the
  // tiles' answers, which arrive meanwhile, would wait behind them (decisions §75). So the app
  // starts once the picture is on screen, or given up, or after waitMs.
  const settled = drawn.then((done) => (done ? nextFrame(win) : undefined));
  void Promise.race([settled, delay(win, waitMs)]).then(() => {
    // The entry the page preloaded for this script to run, once.
    const entry = win.document.querySelector<HTMLLinkElement>(`link[${APP_ENTRY_ATTRIBUTE}]`);
    if (!entry) return;
    entry.removeAttribute(APP_ENTRY_ATTRIBUTE);
    void startEntry(entry.href);
  });
  return drawn;
}

const nextFrame = (win: Window) =>
  new Promise<void>((resolve) => win.requestAnimationFrame(() => win.setTimeout(resolve, 0)));
const delay = (win: Window, ms: number) =>
  new Promise<void>((resolve) => win.setTimeout(resolve, ms));

async function drawSnapshot(win: Window): Promise<boolean> {
  const doc = win.document;
  const first = firstMap(doc, overviewBoundsIn(doc, SERVER_STATE_ID), win.location.search);
  const host = first?.box.querySelector(`[${SNAPSHOT_ATTRIBUTE}]`);
  if (!first || !host) return false;
  // Marks for traces (bench/lighthouse.bench.ts --trace): when it ran, asked and drew.
  win.performance.mark("courts-snapshot:run");
  const painted = afterFirstPaint(win).then(() => {
    win.performance.mark("courts-snapshot:ask");
  });
  // Offered before it asks: when the app has started first, it asks for these tiles itself
  // and nothing may be asked twice. Filled in the same task, before the app can take it.
  const answers: EarlyTiles = {};
  if (!offerEarlyTiles(win, answers)) return false;
  for (const url of first.urls) answers[url] = painted.then(() => fetchTile(win, url));

  let replaced = false;
  first.box.addEventListener(
    MAP_DRAWN_EVENT,
    () => {
      replaced = true;
      host.replaceChildren();
    },
    { once: true },
  );
  let tiles: CourtTile[];
  try {
    tiles = await Promise.all(Object.values(answers));
    win.performance.mark("courts-snapshot:answered");
  } catch {
    // The app asks again and says what went wrong; a partial picture would mislead.
    return false;
  }
  if (replaced) return false;
  const size = { width: first.box.clientWidth, height: first.box.clientHeight };
  host.replaceChildren(
    ...snapshotMarkers(tiles, first.view, size).map((marker) => markerElement(doc, marker)),
  );
  win.performance.mark("courts-snapshot:drawn");
  return true;
}
