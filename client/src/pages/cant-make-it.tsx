import { PAGES } from "@common/pages.ts";
import { useParams } from "wouter";
import { Page } from "@/components/ui/page.tsx";
import { CantMakeItPanel } from "@/features/cant-make-it/cant-make-it-panel.tsx";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

export default function CantMakeItPage() {
  useDocumentTitle(PAGES.cantMakeIt.title);
  const { token } = useParams<{ token: string }>();
  return (
    <Page className="max-w-xl">
      <CantMakeItPanel token={token} />
    </Page>
  );
}
