import { ComingSoonCard } from "@/components/ui/coming-soon-card.tsx";
import { Page, PageHeader } from "@/components/ui/page.tsx";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

export default function CourtsPage() {
  useDocumentTitle("Courts");
  return (
    <Page>
      <PageHeader title="Courts" description="Find basketball courts near you." />
      <ComingSoonCard title="Courts directory">
        A map and listing of courts with filters for indoor, outdoor, lit and free courts.
      </ComingSoonCard>
    </Page>
  );
}
