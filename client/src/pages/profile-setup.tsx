import { ComingSoonCard } from "@/components/ui/coming-soon-card.tsx";
import { Page, PageHeader } from "@/components/ui/page.tsx";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

export default function ProfileSetupPage() {
  useDocumentTitle("Set Up Your Profile");
  return (
    <Page>
      <PageHeader title="Set Up Your Profile" description="Tell the bros how you play." />
      <ComingSoonCard title="Profile setup">
        Three quick steps: your nickname and positions, your skills, and where you hoop.
      </ComingSoonCard>
    </Page>
  );
}
