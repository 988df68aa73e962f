import type { Court } from "@common/courts.ts";
import { useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { CourtCard } from "./court-card.tsx";
import { formatCount } from "./court-format.ts";
import type { CourtActions } from "./use-court-actions.ts";

/** Cards rendered per step: 10,000 cards at once would take seconds to mount. */
export const CARDS_PER_PAGE = 24;

type CourtCardGridProps = {
  courts: readonly Court[];
  selectedId: number | null;
  actions: CourtActions;
};

/**
 * The card list with 'Show more'. The parent remounts it (key) when the filters change, so a
 * new search starts again from the first page.
 */
export function CourtCardGrid({ courts, selectedId, actions }: CourtCardGridProps) {
  const [shown, setShown] = useState(CARDS_PER_PAGE);

  if (courts.length === 0) {
    return (
      <div className="rounded-lg border border-dashed p-10 text-center">
        <p className="text-lg font-semibold">No courts found</p>
        <p className="mt-1 text-muted-foreground">
          Try another search, or Clear All Filters to see every court.
        </p>
      </div>
    );
  }

  const visible = courts.slice(0, shown);
  return (
    <div className="space-y-4">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Courts">
        {visible.map((court) => (
          <li key={court.id} className="flex">
            <CourtCard court={court} selected={court.id === selectedId} actions={actions} />
          </li>
        ))}
      </ul>
      <div className="flex flex-col items-center gap-2">
        <p className="text-sm text-muted-foreground">
          Showing {formatCount(visible.length)} of {formatCount(courts.length)} courts
        </p>
        {shown < courts.length && (
          <Button variant="outline" onClick={() => setShown((n) => n + CARDS_PER_PAGE)}>
            Show more
          </Button>
        )}
      </div>
    </div>
  );
}
