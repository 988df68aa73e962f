import { DivIcon } from "leaflet";
import { formatCount } from "@/lib/format-count.ts";

// The product's basketball mark (components/ui/basketball-icon.tsx) as markup for Leaflet.
const BALL_SVG =
  '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" aria-hidden="true"><circle cx="12" cy="12" r="10"/><path d="M2 12h20M12 2v20M5 5c3.5 3 3.5 11 0 14M19 5c-3.5 3-3.5 11 0 14"/></svg>';

// Icons are shared: a few hundred markers re-render on every pan, their icons need not.
const courtIcons = new Map<boolean, DivIcon>();
const clusterIcons = new Map<number, DivIcon>();

/** Orange, or red and bouncing when players are on the court (spec §2). */
export function courtIcon(active: boolean): DivIcon {
  let icon = courtIcons.get(active);
  if (!icon) {
    icon = new DivIcon({
      className: "court-marker-root",
      html: `<span class="court-marker${active ? " court-marker--active" : ""}">${BALL_SVG}</span>`,
      iconSize: [28, 28],
      iconAnchor: [14, 14],
      popupAnchor: [0, -14],
    });
    courtIcons.set(active, icon);
  }
  return icon;
}

function clusterSize(count: number): number {
  if (count < 10) return 34;
  if (count < 100) return 40;
  if (count < 1000) return 48;
  return 56;
}

/** A circle with the number of courts it stands for, larger for more. */
export function clusterIcon(count: number): DivIcon {
  let icon = clusterIcons.get(count);
  if (!icon) {
    const size = clusterSize(count);
    icon = new DivIcon({
      className: "court-cluster-root",
      html: `<span class="court-cluster">${formatCount(count)}</span>`,
      iconSize: [size, size],
      iconAnchor: [size / 2, size / 2],
    });
    clusterIcons.set(count, icon);
  }
  return icon;
}
