import type { Court } from "@common/courts.ts";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { cn } from "@/lib/cn.ts";
import { activePlayersPill, type CourtHeat, courtHeat, HEAT_LABELS } from "@/lib/court-labels.ts";

/** Spec §9: the map card shows the first 3 courts. */
export const LIVE_MAP_COURTS = 3;

const HEAT_CLASSES: Record<CourtHeat, string> = {
  hot: "bg-orange-500",
  active: "bg-green-600",
  empty: "bg-slate-400",
};

/**
 * Places courts in a box by their coordinates, north up, with a margin so markers stay
 * inside. One court (or courts at one spot) sits in the middle.
 */
export function markerPositions(courts: readonly Pick<Court, "latitude" | "longitude">[]) {
  const lats = courts.map((c) => c.latitude);
  const lngs = courts.map((c) => c.longitude);
  const [minLat, maxLat] = [Math.min(...lats), Math.max(...lats)];
  const [minLng, maxLng] = [Math.min(...lngs), Math.max(...lngs)];
  const scale = (v: number, min: number, max: number) =>
    max - min < 1e-9 ? 50 : 15 + ((v - min) / (max - min)) * 70;
  return courts.map((c) => ({
    left: scale(c.longitude, minLng, maxLng),
    top: 100 - scale(c.latitude, minLat, maxLat),
  }));
}

type LiveCourtsMapCardProps = {
  courts: readonly Court[] | undefined;
  selectedId: number | null;
  onSelect: (court: Court) => void;
};

/**
 * Spec §2 "Live Courts map card": up to three courts as tappable markers coloured by activity,
 * with the Hot / Active / Empty legend. A plain positioned map (no tiles): three markers need
 * no map library, and it works offline.
 */
export function LiveCourtsMapCard({ courts, selectedId, onSelect }: LiveCourtsMapCardProps) {
  const shown = (courts ?? []).slice(0, LIVE_MAP_COURTS);
  const positions = markerPositions(shown);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Live Courts</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="relative h-48 overflow-hidden rounded-md border bg-[linear-gradient(135deg,#e0f2fe,#ecfccb)]">
          {courts === undefined && (
            <p className="p-4 text-sm text-muted-foreground">Loading courts...</p>
          )}
          {courts !== undefined && shown.length === 0 && (
            <p className="p-4 text-sm text-muted-foreground">No courts to show yet.</p>
          )}
          <ul>
            {shown.map((court, i) => {
              const heat = courtHeat(court.activePlayers);
              return (
                <li
                  key={court.id}
                  className="absolute -translate-x-1/2 -translate-y-1/2"
                  style={{ left: `${positions[i]?.left}%`, top: `${positions[i]?.top}%` }}
                >
                  <button
                    type="button"
                    data-heat={heat}
                    aria-pressed={selectedId === court.id}
                    aria-label={`${court.name}: ${activePlayersPill(court.activePlayers)} (${HEAT_LABELS[heat]})`}
                    onClick={() => onSelect(court)}
                    className={cn(
                      "grid size-9 place-items-center rounded-full border-2 border-white text-xs font-bold text-white shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2",
                      HEAT_CLASSES[heat],
                      selectedId === court.id && "ring-2 ring-slate-900 ring-offset-2",
                    )}
                  >
                    <span aria-hidden="true">{court.activePlayers}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
        <ul aria-label="Legend" className="flex gap-4 text-sm">
          {(Object.keys(HEAT_LABELS) as CourtHeat[]).map((heat) => (
            <li key={heat} className="inline-flex items-center gap-1.5">
              <span aria-hidden="true" className={cn("size-3 rounded-full", HEAT_CLASSES[heat])} />
              {HEAT_LABELS[heat]}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
