import type { Court } from "@common/courts.ts";
import { memo } from "react";
import { Button } from "@/components/ui/button.tsx";
import { formatCount } from "@/lib/format-count.ts";
import { CourtCard } from "./court-card.tsx";
import type { CourtActions } from "./use-court-actions.ts";

type CourtCardGridProps = {
  courts: readonly Court[];
  /** How many match in all ("1,234", or "10,000+"). */
  total: string;
  hasMore: boolean;
  loadingMore: boolean;
  onShowMore: () => void;
  selectedId: number | null;
  actions: CourtActions;
  emptyHint: string;
};

/** The cards loaded so far, a page at a time from the server, with 'Show more'. */
export const CourtCardGrid = memo(function CourtCardGrid(props: CourtCardGridProps) {
  const { courts, total, hasMore, loadingMore, onShowMore, selectedId, actions } = props;
  if (courts.length === 0) {
    return (
      <div className="rounded-lg border border-dashed p-10 text-center">
        <p className="text-lg font-semibold">No courts found</p>
        <p className="mt-1 text-muted-foreground">{props.emptyHint}</p>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Courts">
        {courts.map((court) => (
          <li key={court.id} className="card-cell flex">
            <CourtCard court={court} selected={court.id === selectedId} actions={actions} />
          </li>
        ))}
      </ul>
      <div className="flex flex-col items-center gap-2">
        <p className="text-sm text-muted-foreground">
          Showing {formatCount(courts.length)} of {total} courts
        </p>
        {hasMore && (
          <Button variant="outline" onClick={onShowMore} disabled={loadingMore}>
            {loadingMore ? "Loading..." : "Show more"}
          </Button>
        )}
      </div>
    </div>
  );
});
