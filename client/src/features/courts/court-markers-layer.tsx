import type { Court } from "@common/courts.ts";
import type { LeafletKeyboardEvent, Map as LeafletMap } from "leaflet";
import { useEffect, useMemo, useState } from "react";
import { Marker, Popup, useMap } from "react-leaflet";
import { type BBox, clusterCourts } from "./court-clusters.ts";
import { clusterIcon, courtIcon } from "./court-marker-icons.ts";
import { CourtPopup } from "./court-popup.tsx";
import { MAX_ZOOM } from "./map-view.ts";

type View = { bbox: BBox; zoom: number };

/** The visible box with a margin, so markers just outside do not pop in while panning. */
function viewOf(map: LeafletMap): View {
  const bounds = map.getBounds().pad(0.25);
  return {
    bbox: [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()],
    zoom: map.getZoom(),
  };
}

const sameView = (a: View, b: View) => a.zoom === b.zoom && a.bbox.every((v, i) => v === b.bbox[i]);

const isActivationKey = (event: LeafletKeyboardEvent) =>
  event.originalEvent.key === "Enter" || event.originalEvent.key === " ";

type CourtMarkersLayerProps = {
  courts: readonly Court[];
  animate: boolean;
  onSelect: (court: Court) => void;
};

/**
 * Markers for the courts in view only: supercluster groups the rest, and the set is
 * recomputed when a pan or zoom ends, so 10,000 courts cost a few hundred markers at most.
 * One popup serves every marker (opened on click, Enter or Space).
 */
export function CourtMarkersLayer({ courts, animate, onSelect }: CourtMarkersLayerProps) {
  const map = useMap();
  const clusters = useMemo(() => clusterCourts(courts), [courts]);
  const [view, setView] = useState(() => viewOf(map));
  const [popupId, setPopupId] = useState<number | null>(null);

  // Listeners attached once per map, never swapped between renders: the view controller moves
  // the map from its own effects, and a move fired while React swaps listeners would be lost.
  // The first read after attaching covers a move made before they existed (the first fit).
  useEffect(() => {
    const refresh = () => {
      const next = viewOf(map);
      setView((current) => (sameView(current, next) ? current : next));
    };
    refresh();
    map.on("moveend zoomend", refresh);
    return () => {
      map.off("moveend zoomend", refresh);
    };
  }, [map]);

  const items = useMemo(() => clusters.itemsIn(view.bbox, view.zoom), [clusters, view]);
  // The popup's court may have been filtered away meanwhile.
  const popupCourt = popupId === null ? undefined : courts.find((c) => c.id === popupId);

  return (
    <>
      {items.map((item) => {
        if (item.kind === "cluster") {
          const zoomIn = () =>
            map.setView(
              [item.latitude, item.longitude],
              Math.min(clusters.expansionZoom(item.id), MAX_ZOOM),
              { animate },
            );
          return (
            <Marker
              // The count is in the key: a title is set only when Leaflet creates the marker.
              key={`cluster-${item.id}-${item.count}`}
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
