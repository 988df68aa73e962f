import { PAGES } from "@common/pages.ts";
import { Page, PageHeader } from "@/components/ui/page.tsx";
import { CourtsDirectory } from "@/features/courts/courts-directory.tsx";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

export default function CourtsPage() {
  useDocumentTitle(PAGES.courts.title);
  return (
    <Page className="max-w-7xl">
      <PageHeader
        title="Courts"
        description="Find a court near you: search, filter, and pick one on the map."
      />
      <CourtsDirectory />
    </Page>
  );
}
