import { DivIcon } from "leaflet";
import {
  CLUSTER_MARKER_CLASS,
  COURT_MARKER_CLASS,
  COURT_MARKER_PX,
  clusterMarkerHtml,
  clusterMarkerPx,
  courtMarkerHtml,
} from "./marker-markup.ts";

// Icons are shared: a few hundred markers re-render on every pan, their icons need not.
const courtIcons = new Map<boolean, DivIcon>();
const clusterIcons = new Map<number, DivIcon>();

/** Orange, or red and bouncing when players are on the court (product §2). */
export function courtIcon(active: boolean): DivIcon {
  let icon = courtIcons.get(active);
  if (!icon) {
    const half = COURT_MARKER_PX / 2;
    icon = new DivIcon({
      className: COURT_MARKER_CLASS,
      html: courtMarkerHtml(active),
      iconSize: [COURT_MARKER_PX, COURT_MARKER_PX],
      iconAnchor: [half, half],
      popupAnchor: [0, -half],
    });
    courtIcons.set(active, icon);
  }
  return icon;
}

/** A circle with the number of courts it stands for, larger for more. */
export function clusterIcon(count: number): DivIcon {
  let icon = clusterIcons.get(count);
  if (!icon) {
    const size = clusterMarkerPx(count);
    icon = new DivIcon({
      className: CLUSTER_MARKER_CLASS,
      html: clusterMarkerHtml(count),
      iconSize: [size, size],
      iconAnchor: [size / 2, size / 2],
    });
    clusterIcons.set(count, icon);
  }
  return icon;
}
