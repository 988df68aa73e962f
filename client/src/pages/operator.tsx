import { PAGES } from "@common/pages.ts";
import { Page, PageHeader } from "@/components/ui/page.tsx";
import { OperatorConsole } from "@/features/operator/operator-console.tsx";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

export default function OperatorPage() {
  useDocumentTitle(PAGES.operator.title);
  return (
    <Page className="max-w-4xl">
      <PageHeader title="Operator" description="Open reports and what operators did about them." />
      <OperatorConsole />
    </Page>
  );
}
