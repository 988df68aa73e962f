import { ComingSoonCard } from "@/components/ui/coming-soon-card.tsx";
import { Page, PageHeader } from "@/components/ui/page.tsx";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

export default function ProfilePage() {
  useDocumentTitle("Profile");
  return (
    <Page>
      <PageHeader title="Profile" description="Your game, your stats, your badges." />
      <ComingSoonCard title="Your player profile">
        Your skills, recent games, badges and stats in one place.
      </ComingSoonCard>
    </Page>
  );
}
