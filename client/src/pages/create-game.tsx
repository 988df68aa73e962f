import { ComingSoonCard } from "@/components/ui/coming-soon-card.tsx";
import { Page, PageHeader } from "@/components/ui/page.tsx";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

export default function CreateGamePage() {
  useDocumentTitle("Create a Game");
  return (
    <Page>
      <PageHeader
        title="Create a Game"
        description="Pick a court and a time, and the bros will come."
      />
      <ComingSoonCard title="New pickup game">
        A form to schedule a pickup game at a court of your choice.
      </ComingSoonCard>
    </Page>
  );
}
