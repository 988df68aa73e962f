import { formatCount } from "@/lib/format-count.ts";

/**
 * How the directory's markers look, without Leaflet: the markup, sizes and spacing the map's
 * icons (court-marker-icons.ts) and the server's clustering of the view (map-items.ts) share.
 */

// The product's basketball mark (components/ui/basketball-icon.tsx) as markup.
const BALL_SVG =
  '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" aria-hidden="true"><circle cx="12" cy="12" r="10"/><path d="M2 12h20M12 2v20M5 5c3.5 3 3.5 11 0 14M19 5c-3.5 3-3.5 11 0 14"/></svg>';

/** A court's marker is this many CSS pixels wide and high, anchored at its middle. */
export const COURT_MARKER_PX = 28;
export const COURT_MARKER_CLASS = "court-marker-root";
export const CLUSTER_MARKER_CLASS = "court-cluster-root";
/** Courts with players on them are drawn above the others (Leaflet's zIndexOffset). */
export const ACTIVE_COURT_Z_OFFSET = 1000;

/** Markers closer than this (the size of a cluster marker) would overlap: one is shown. */
export const MARKER_SPACING_PX = 48;
/** The server gives every court its own marker from here (tile zoom 15): keep them apart. */
export const EVERY_COURT_ZOOM = 16;

/** Orange, or red and bouncing when players are on the court (product §2). */
export const courtMarkerHtml = (active: boolean) =>
  `<span class="court-marker${active ? " court-marker--active" : ""}">${BALL_SVG}</span>`;

/** A cluster's circle is larger for more courts. */
export function clusterMarkerPx(count: number): number {
  if (count < 10) return 34;
  if (count < 100) return 40;
  if (count < 1000) return 48;
  return 56;
}

export const clusterMarkerHtml = (count: number) =>
  `<span class="court-cluster">${formatCount(count)}</span>`;
