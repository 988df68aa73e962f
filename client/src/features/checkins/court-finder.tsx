import { Search } from "lucide-react";
import { useId, useState } from "react";
import { CheckInDialog } from "@/components/check-in-dialog.tsx";
import { Input } from "@/components/ui/input.tsx";
import { cn } from "@/lib/cn.ts";
import { useCheckInDialog } from "@/lib/use-check-in-dialog.ts";
import { COURT_CHIPS, type CourtChip, filterCourts, toggleChip } from "./court-search.ts";
import { CourtSummaryList, type Here } from "./court-summary-list.tsx";
import { usePopularCourts } from "./popular-courts-query.ts";

/** Spec §9: the home screen lists the first 3 popular courts. */
export const POPULAR_SHOWN = 3;

/**
 * The Discover tab's court search, chips and the first three matching popular courts; Join
 * opens the Check into Court dialog for that court.
 */
export function CourtFinder({ here }: { here: Here }) {
  const { data: courts, isPending, isError } = usePopularCourts();
  const [search, setSearch] = useState("");
  const [chips, setChips] = useState<ReadonlySet<CourtChip>>(new Set());
  const dialog = useCheckInDialog();
  const searchId = useId();
  const shown = filterCourts(courts ?? [], search, chips, here).slice(0, POPULAR_SHOWN);
  const hereKnown = here?.latitude != null && here.longitude != null;

  return (
    <section aria-labelledby={`${searchId}-heading`} className="space-y-3">
      <h2 id={`${searchId}-heading`} className="text-lg font-semibold">
        Popular Courts
      </h2>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <label htmlFor={searchId} className="sr-only">
          Search courts
        </label>
        <Input
          id={searchId}
          type="search"
          className="pl-9"
          placeholder="Search courts by name or location..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Filter courts</legend>
        {COURT_CHIPS.map(({ key, label }) => (
          <button
            key={key}
            type="button"
            aria-pressed={chips.has(key)}
            disabled={key === "nearby" && !hereKnown}
            title={
              key === "nearby" && !hereKnown ? "Set your location to find courts nearby" : undefined
            }
            onClick={() => setChips((current) => toggleChip(current, key))}
            className={cn(
              "rounded-full border px-3 py-1 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50",
              chips.has(key)
                ? "border-primary bg-primary text-primary-foreground"
                : "bg-background",
            )}
          >
            {label}
          </button>
        ))}
      </fieldset>
      {isPending && (
        <p role="status" className="sr-only">
          Loading courts...
        </p>
      )}
      {isError && <p className="text-sm text-muted-foreground">Courts could not be loaded.</p>}
      {courts && shown.length === 0 && (
        <p className="text-sm text-muted-foreground">No courts match your search.</p>
      )}
      <CourtSummaryList
        courts={shown}
        here={here}
        onJoin={dialog.openFor}
        placeholders={isPending ? POPULAR_SHOWN : 0}
      />
      <CheckInDialog {...dialog.dialogProps} />
    </section>
  );
}
