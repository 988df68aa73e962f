import { useParams } from "wouter";
import { ComingSoonCard } from "@/components/ui/coming-soon-card.tsx";
import { Page, PageHeader } from "@/components/ui/page.tsx";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

export default function GameDetailPage() {
  useDocumentTitle("Game Details");
  const { id } = useParams<{ id: string }>();
  return (
    <Page>
      <PageHeader title="Game Details" description={`Game #${id}`} />
      <ComingSoonCard title="Game information">
        The time, the court, who is playing and how many spots are left.
      </ComingSoonCard>
    </Page>
  );
}
