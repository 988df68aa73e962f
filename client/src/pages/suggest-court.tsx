import { PAGES } from "@common/pages.ts";
import { Page, PageHeader } from "@/components/ui/page.tsx";
import { SuggestCourtView } from "@/features/court-suggestions/suggest-court-view.tsx";
import { suggestionTitle } from "@/features/court-suggestions/suggestion-format.ts";
import type { SuggestionAction } from "@/features/court-suggestions/suggestion-item.tsx";
import { ReportButton } from "@/features/reports/report-button.tsx";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

// This page's form loads the schemas anyway: the report button comes with it, not lazily.
const reportSuggestion: SuggestionAction = (suggestion) => (
  <ReportButton
    kind="court_suggestion"
    targetId={String(suggestion.id)}
    label={`court suggestion "${suggestionTitle(suggestion)}"`}
  />
);

export default function SuggestCourtPage() {
  useDocumentTitle(PAGES.suggestCourt.title);
  return (
    <Page>
      <PageHeader
        title="Suggest a Court"
        description="Players keep the map true: add a court that is missing, and confirm what others suggest near you."
      />
      <SuggestCourtView suggestionAction={reportSuggestion} />
    </Page>
  );
}
