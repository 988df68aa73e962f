import type { Court } from "@common/courts.ts";
import { type LeafletKeyboardEvent, Marker } from "leaflet";
import { useEffect, useMemo, useRef, useState } from "react";
import { Popup, useMap, useMapEvents } from "react-leaflet";
import { clusterIcon, courtIcon } from "@/components/map/court-marker-icons.ts";
import { MAX_ZOOM } from "@/components/map/map-view.ts";
import { ACTIVE_COURT_Z_OFFSET } from "@/components/map/marker-markup.ts";
import { formatCount } from "@/lib/format-count.ts";
import { BatchedLayers, type KeyedLayer } from "./batched-layers.ts";
import { CourtPopup } from "./court-popup.tsx";
import { courtIn, type MapItem, markersAt } from "./map-items.ts";

const isActivationKey = (event: LeafletKeyboardEvent) =>
  event.originalEvent.key === "Enter" || event.originalEvent.key === " ";

/** Zooming in on a cluster: to its courts' box, or closer when they share one spot. */
const ZOOM_STEP = 2;

type Cluster = Extract<MapItem, { kind: "cluster" }>;

type CourtMarkersLayerProps = {
  items: readonly MapItem[];
  animate: boolean;
  onSelect: (court: Court) => void;
};

/**
 * The markers the server clustered for the view (a few hundred at most, whatever the number of
 * courts): a cluster zooms in on its courts, a court opens the one shared popup (on click,
 * Enter or Space). Drawn with Leaflet directly, a batch per task (batched-layers.ts): as React
 * components, a view's few hundred markers were one long task.
 */
export function CourtMarkersLayer({ items, animate, onSelect }: CourtMarkersLayerProps) {
  const map = useMap();
  const [popupId, setPopupId] = useState<number | null>(null);
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  const shown = useMemo(
    () => markersAt(items, zoom, (latitude, longitude) => map.project([latitude, longitude], zoom)),
    [items, zoom, map],
  );
  // The popup's court may have left the view or the filters meanwhile.
  const popupCourt = courtIn(items, popupId);

  // Markers live longer than a render: they act through the latest props.
  const latest = useRef({ items, animate, onSelect });
  latest.current = { items, animate, onSelect };
  const actions = useMemo(
    () => ({
      zoomInOn({ bounds: [west, south, east, north] }: Cluster) {
        const { animate } = latest.current;
        if (west === east && south === north) {
          map.setView([south, west], Math.min(map.getZoom() + ZOOM_STEP, MAX_ZOOM), { animate });
        } else {
          const corners: [[number, number], [number, number]] = [
            [south, west],
            [north, east],
          ];
          map.fitBounds(corners, { padding: [40, 40], maxZoom: MAX_ZOOM, animate });
        }
      },
      open(court: Court) {
        setPopupId(court.id);
        // The court as it is now: its tile may have been refetched since the marker was drawn.
        latest.current.onSelect(courtIn(latest.current.items, court.id) ?? court);
      },
    }),
    [map],
  );

  const layers = useRef<BatchedLayers | null>(null);
  useEffect(() => {
    const drawn = new BatchedLayers(map);
    layers.current = drawn;
    return () => {
      drawn.clear();
      layers.current = null;
    };
  }, [map]);
  useEffect(() => {
    layers.current?.show(shown.map((item) => markerOf(item, actions)));
  }, [shown, actions]);

  return popupCourt ? (
    <Popup
      key={popupCourt.id}
      position={[popupCourt.latitude, popupCourt.longitude]}
      offset={[0, -10]}
      maxWidth={300}
      eventHandlers={{
        // Only this popup's own closing clears it, not the one replaced by a newer popup.
        remove: () => setPopupId((id) => (id === popupCourt.id ? null : id)),
      }}
    >
      <CourtPopup court={popupCourt} />
    </Popup>
  ) : null;
}

type MarkerActions = { zoomInOn: (cluster: Cluster) => void; open: (court: Court) => void };

/** A marker's key holds all it shows: a court that changes is drawn anew, not patched. */
function markerOf(item: MapItem, actions: MarkerActions): KeyedLayer {
  if (item.kind === "cluster") {
    const title = `${formatCount(item.count)} courts, zoom in`;
    return {
      key: `cluster:${item.key}:${item.count}:${item.latitude}:${item.longitude}`,
      create: () =>
        new Marker([item.latitude, item.longitude], { icon: clusterIcon(item.count), title })
          // Its number alone would be its name ("1,200, button"): say what pressing it does.
          .on("add", (event) =>
            (event.target as Marker).getElement()?.setAttribute("aria-label", title),
          )
          .on("click", () => actions.zoomInOn(item))
          .on("keydown", (event) => {
            if (isActivationKey(event as LeafletKeyboardEvent)) actions.zoomInOn(item);
          }),
    };
  }
  const { court } = item;
  const active = court.activePlayers > 0;
  return {
    key: `court:${court.id}:${active}:${court.latitude}:${court.longitude}:${court.name}`,
    create: () =>
      new Marker([court.latitude, court.longitude], {
        icon: courtIcon(active),
        title: court.name,
        zIndexOffset: active ? ACTIVE_COURT_Z_OFFSET : 0,
      })
        // Opening a court's popup also shows it in the side panel.
        .on("click", () => actions.open(court))
        .on("keydown", (event) => {
          const key = event as LeafletKeyboardEvent;
          if (!isActivationKey(key)) return;
          key.originalEvent.preventDefault();
          actions.open(court);
        }),
  };
}
