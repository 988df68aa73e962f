import { CONDITION_KINDS } from "@common/condition-kinds.ts";
import { parseId } from "@common/id-parse.ts";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "wouter";
import { NotSavedOffline } from "@/components/not-saved-offline.tsx";
import { Page } from "@/components/ui/page.tsx";
import {
  type ConditionAction,
  ConditionsCard,
} from "@/features/court-conditions/conditions-card.tsx";
import { CourtKingsCard } from "@/features/court-kings/court-kings-card.tsx";
import { CourtGamesCard } from "@/features/court-page/court-games-card.tsx";
import { CourtHeader } from "@/features/court-page/court-header.tsx";
import { CourtMapCard } from "@/features/court-page/court-map-card.tsx";
import { CourtNotFound } from "@/features/court-page/court-not-found.tsx";
import { courtQuery } from "@/features/court-page/court-queries.ts";
import { PresenceCard } from "@/features/court-page/presence-card.tsx";
import { CourtRatingCard } from "@/features/court-ratings/court-rating-card.tsx";
import { CourtCorrectionsCard } from "@/features/court-suggestions/court-corrections-card.tsx";
import { suggestionTitle } from "@/features/court-suggestions/suggestion-format.ts";
import type { SuggestionAction } from "@/features/court-suggestions/suggestion-item.tsx";
import { PopularTimesCard } from "@/features/popular-times/popular-times-card.tsx";
import { LazyReportButton } from "@/features/reports/lazy-report-button.tsx";
import { HttpError } from "@/lib/api.ts";
import { OfflineError } from "@/lib/network-status.ts";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

const reportCondition: ConditionAction = (report) => (
  <LazyReportButton
    kind="condition_report"
    targetId={String(report.id)}
    label={`condition report "${CONDITION_KINDS[report.kind].label}"`}
  />
);

const reportSuggestion: SuggestionAction = (suggestion) => (
  <LazyReportButton
    kind="court_suggestion"
    targetId={String(suggestion.id)}
    label={`court suggestion "${suggestionTitle(suggestion)}"`}
  />
);

function CourtView({ id }: { id: number }) {
  const { data: court, isPending, error, refetch } = useQuery(courtQuery(id));
  useDocumentTitle(court?.name ?? "Court");
  if (isPending) return <p role="status">Loading court...</p>;
  if (error instanceof HttpError && error.status === 404) return <CourtNotFound />;
  if (!court && error instanceof OfflineError) return <NotSavedOffline />;
  if (!court) {
    return (
      <div role="alert" className="space-y-2">
        <p>The court could not be loaded.</p>
        <button type="button" className="text-primary underline" onClick={() => refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <CourtHeader court={court} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-6">
          <CourtMapCard court={court} />
          <PresenceCard court={court} />
          <ConditionsCard court={court} reportAction={reportCondition} />
          {/* Below the first screen on phones and desktops alike. */}
          <div className="below-fold space-y-6">
            <PopularTimesCard courtId={court.id} />
            <CourtGamesCard court={court} />
          </div>
        </div>
        <div className="space-y-6">
          <CourtRatingCard court={court} />
          <CourtKingsCard courtId={court.id} />
          <div className="below-fold">
            <CourtCorrectionsCard court={court} suggestionAction={reportSuggestion} />
          </div>
        </div>
      </div>
    </div>
  );
}

/** /courts/{id}: a court's own page, public and shareable (retired courts too, marked closed). */
export default function CourtPage() {
  const { id } = useParams<{ id: string }>();
  const courtId = parseId(id);
  return (
    <Page>{courtId === null ? <CourtNotFound /> : <CourtView key={courtId} id={courtId} />}</Page>
  );
}
