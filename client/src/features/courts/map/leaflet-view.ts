import {
  DEFAULT_CENTER,
  DEFAULT_ZOOM,
  MAX_ZOOM,
  type MapView,
  SINGLE_COURT_ZOOM,
} from "@/components/map/map-view.ts";
import type { MapViewState } from "./view-tiles.ts";

/** Leaflet's padding around a fitted box (map-moves.ts `showView`), on each side. */
export const FIT_PADDING_PX = 32;

type Size = { width: number; height: number };
type Point = { x: number; y: number };

const TILE_PX = 256;
const MAX_LATITUDE = 85.0511287798;
const worldPx = (zoom: number) => TILE_PX * 2 ** zoom;

/** Leaflet's EPSG:3857 (spherical Mercator) in pixels at a zoom, as `map.project` gives them. */
export function project(latitude: number, longitude: number, zoom: number): Point {
  const lat = Math.max(Math.min(MAX_LATITUDE, latitude), -MAX_LATITUDE);
  const sin = Math.sin((lat * Math.PI) / 180);
  const y = 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
  return { x: worldPx(zoom) * (longitude / 360 + 0.5), y: worldPx(zoom) * y };
}

function unproject({ x, y }: Point, zoom: number): [number, number] {
  const n = Math.PI * (1 - (2 * y) / worldPx(zoom));
  return [
    ((2 * Math.atan(Math.exp(n)) - Math.PI / 2) * 180) / Math.PI,
    (x / worldPx(zoom)) * 360 - 180,
  ];
}

/** `map.getBoundsZoom(bounds, false, padding)` of a map at DEFAULT_ZOOM, zoomSnap 1. */
function boundsZoom(
  [[south, west], [north, east]]: [[number, number], [number, number]],
  size: Size,
) {
  const nw = project(north, west, DEFAULT_ZOOM);
  const se = project(south, east, DEFAULT_ZOOM);
  const scale = Math.min(
    (size.width - 2 * FIT_PADDING_PX) / Math.abs(se.x - nw.x),
    (size.height - 2 * FIT_PADDING_PX) / Math.abs(se.y - nw.y),
  );
  const zoom = Math.log2(scale * 2 ** DEFAULT_ZOOM);
  if (Number.isNaN(zoom)) return MAX_ZOOM;
  // Within 1 % of a level counts as that level, as in Leaflet.
  return Math.max(0, Math.min(MAX_ZOOM, Math.floor(Math.round(zoom * 100) / 100)));
}

/**
 * The world pixel at the box's top-left once Leaflet shows `center` at `zoom`. The map starts
 * at DEFAULT_CENTER and DEFAULT_ZOOM: a move to another zoom resets the view (the pixel origin
 * is the new centre less half the box, rounded), but one at the same zoom that stays within a
 * box's size is a pan (`setView` → `_tryAnimatedPan` → `panBy`): the old origin plus the
 * centres' offset in whole pixels, truncated, which can differ from a reset by a pixel.
 */
function topLeft(center: [number, number], zoom: number, size: Size): Point {
  const half = { x: size.width / 2, y: size.height / 2 };
  const target = project(center[0], center[1], zoom);
  if (zoom === DEFAULT_ZOOM) {
    const start = project(DEFAULT_CENTER[0], DEFAULT_CENTER[1], zoom);
    const origin = { x: Math.round(start.x - half.x), y: Math.round(start.y - half.y) };
    const dx = Math.trunc(Math.round(target.x) - origin.x - half.x);
    const dy = Math.trunc(Math.round(target.y) - origin.y - half.y);
    if (Math.abs(dx) <= size.width && Math.abs(dy) <= size.height) {
      return { x: origin.x + dx, y: origin.y + dy };
    }
  }
  return { x: Math.round(target.x - half.x), y: Math.round(target.y - half.y) };
}

/**
 * The first view as Leaflet will have it: its bounds and zoom (what the map reports), and its
 * origin: the world pixel at the box's top-left corner (markers are placed from it).
 */
export type FirstView = MapViewState & { origin: Point };

/**
 * What the directory's map will show once it has shown `view` in a box of `size` CSS pixels:
 * Leaflet's own arithmetic (fitBounds with the map's padding and maximum zoom, then getBounds),
 * done before Leaflet has loaded, so the first view's court tiles can be asked for, and its
 * markers drawn, while the page is still loading (issue 13, first marker).
 */
export function leafletFirstView(view: MapView, size: Size): FirstView {
  let center: [number, number];
  let zoom: number;
  if (view.kind === "center") {
    center = view.center;
    zoom = view.zoom;
  } else {
    zoom = Math.min(SINGLE_COURT_ZOOM, boundsZoom(view.bounds, size));
    const [[south, west], [north, east]] = view.bounds;
    const sw = project(south, west, zoom);
    const ne = project(north, east, zoom);
    center = unproject({ x: (sw.x + ne.x) / 2, y: (sw.y + ne.y) / 2 }, zoom);
  }
  const { x: left, y: top } = topLeft(center, zoom, size);
  const [south, west] = unproject({ x: left, y: top + size.height }, zoom);
  const [north, east] = unproject({ x: left + size.width, y: top }, zoom);
  return { bbox: [west, south, east, north], zoom, origin: { x: left, y: top } };
}

/** What the map will report as its view (the first tiles it asks for follow from it). */
export function leafletViewState(view: MapView, size: Size): MapViewState {
  const { bbox, zoom } = leafletFirstView(view, size);
  return { bbox, zoom };
}

/**
 * Where Leaflet puts a marker's anchor on the first view, in CSS pixels from the box's top-left
 * (`map.latLngToLayerPoint(...).round()` before any pan).
 */
export function markerPoint({ origin, zoom }: FirstView, latitude: number, longitude: number) {
  const at = project(latitude, longitude, zoom);
  return { x: Math.round(at.x) - origin.x, y: Math.round(at.y) - origin.y };
}
