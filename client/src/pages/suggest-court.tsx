import { PAGES } from "@common/pages.ts";
import { Page, PageHeader } from "@/components/ui/page.tsx";
import { SuggestCourtView } from "@/features/court-suggestions/suggest-court-view.tsx";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

export default function SuggestCourtPage() {
  useDocumentTitle(PAGES.suggestCourt.title);
  return (
    <Page>
      <PageHeader
        title="Suggest a Court"
        description="Players keep the map true: add a court that is missing, and confirm what others suggest near you."
      />
      <SuggestCourtView />
    </Page>
  );
}
