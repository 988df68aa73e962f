import { memo } from "react";
import { formatCount } from "@/lib/format-count.ts";

/** `value` undefined while the courts load: a dash of the same size, so nothing moves. */
function Stat({ label, value }: { label: string; value: number | string | undefined }) {
  return (
    <div className="rounded-lg border bg-card px-3 py-2 shadow-sm sm:px-4 sm:py-3">
      <dt className="text-xs text-muted-foreground sm:text-sm">{label}</dt>
      <dd className="text-xl font-bold sm:text-2xl">
        {value === undefined ? (
          <>
            <span className="sr-only">Loading</span>
            <span aria-hidden="true" className="text-muted-foreground">
              –
            </span>
          </>
        ) : typeof value === "number" ? (
          formatCount(value)
        ) : (
          value
        )}
      </dd>
    </div>
  );
}

function LegendItem({ className, label }: { className: string; label: string }) {
  return (
    <li className="flex items-center gap-2">
      <span className={className} aria-hidden="true" />
      {label}
    </li>
  );
}

type CourtsSummaryProps = {
  /** Courts matching the filters in the map's view (or the search), as text: "10,000+". */
  found: string | undefined;
  available: number | undefined;
  activePlayers: number | undefined;
};

/** The counts and the map legend of product §2. */
export const CourtsSummary = memo(function CourtsSummary({
  found,
  available,
  activePlayers,
}: CourtsSummaryProps) {
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
      <dl className="grid grid-cols-3 gap-3 lg:min-w-[32rem]">
        <Stat label="Courts Found" value={found} />
        <Stat label="Courts Available" value={available} />
        <Stat label="Active Players" value={activePlayers} />
      </dl>
      <ul aria-label="Map legend" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <LegendItem
          className="size-3.5 rounded-full border-2 border-white bg-orange-500 shadow"
          label="Court"
        />
        <LegendItem
          className="size-3.5 rounded-full border-2 border-white bg-red-600 shadow"
          label="Players active now"
        />
        <LegendItem
          className="size-3.5 rounded-full bg-orange-700 shadow"
          label="Group of courts (zoom in)"
        />
      </ul>
    </div>
  );
});
