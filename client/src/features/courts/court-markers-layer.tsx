import type { Court } from "@common/courts.ts";
import type { LeafletKeyboardEvent } from "leaflet";
import { useMemo, useState } from "react";
import { Marker, Popup, useMap, useMapEvents } from "react-leaflet";
import { clusterIcon, courtIcon } from "./court-marker-icons.ts";
import { CourtPopup } from "./court-popup.tsx";
import { courtIn, type MapItem, mergeOverlapping } from "./map-items.ts";
import { MAX_ZOOM } from "./map-view.ts";

const isActivationKey = (event: LeafletKeyboardEvent) =>
  event.originalEvent.key === "Enter" || event.originalEvent.key === " ";

/** Zooming in on a cluster: to its courts' box, or closer when they share one spot. */
const ZOOM_STEP = 2;
/** Markers closer than this (the size of a cluster marker) would overlap: one is shown. */
const MARKER_SPACING_PX = 48;
/** The server gives every court its own marker from here (tile zoom 15): keep them apart. */
const EVERY_COURT_ZOOM = 16;

type CourtMarkersLayerProps = {
  items: readonly MapItem[];
  animate: boolean;
  onSelect: (court: Court) => void;
};

/**
 * The markers the server clustered for the view (a few hundred at most, whatever the number of
 * courts): a cluster zooms in on its courts, a court opens the one shared popup (on click,
 * Enter or Space).
 */
export function CourtMarkersLayer({ items, animate, onSelect }: CourtMarkersLayerProps) {
  const map = useMap();
  const [popupId, setPopupId] = useState<number | null>(null);
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  const shown = useMemo(
    () =>
      zoom >= EVERY_COURT_ZOOM
        ? items
        : mergeOverlapping(
            items,
            (latitude, longitude) => map.project([latitude, longitude], zoom),
            MARKER_SPACING_PX,
          ),
    [items, zoom, map],
  );
  // The popup's court may have left the view or the filters meanwhile.
  const popupCourt = courtIn(items, popupId);

  return (
    <>
      {shown.map((item) => {
        if (item.kind === "cluster") {
          const zoomIn = () => {
            const [west, south, east, north] = item.bounds;
            if (west === east && south === north) {
              map.setView([south, west], Math.min(map.getZoom() + ZOOM_STEP, MAX_ZOOM), {
                animate,
              });
            } else {
              map.fitBounds(
                [
                  [south, west],
                  [north, east],
                ],
                { padding: [40, 40], maxZoom: MAX_ZOOM, animate },
              );
            }
          };
          return (
            <Marker
              // The count is in the key: a title is set only when Leaflet creates the marker.
              key={`cluster-${item.key}-${item.count}`}
              position={[item.latitude, item.longitude]}
              icon={clusterIcon(item.count)}
              title={`${item.count.toLocaleString("en-US")} courts, zoom in`}
              eventHandlers={{
                click: zoomIn,
                keydown: (event) => isActivationKey(event) && zoomIn(),
              }}
            />
          );
        }
        const { court } = item;
        return (
          <Marker
            key={court.id}
            position={[court.latitude, court.longitude]}
            icon={courtIcon(court.activePlayers > 0)}
            title={court.name}
            zIndexOffset={court.activePlayers > 0 ? 1000 : 0}
            eventHandlers={{
              // Opening a court's popup also shows it in the side panel.
              click: () => {
                setPopupId(court.id);
                onSelect(court);
              },
              keydown: (event) => {
                if (!isActivationKey(event)) return;
                event.originalEvent.preventDefault();
                setPopupId(court.id);
                onSelect(court);
              },
            }}
          />
        );
      })}
      {popupCourt && (
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
      )}
    </>
  );
}
