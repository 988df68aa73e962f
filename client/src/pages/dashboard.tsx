import { ComingSoonCard } from "@/components/ui/coming-soon-card.tsx";
import { Page, PageHeader } from "@/components/ui/page.tsx";
import { useAuth } from "@/features/auth/use-auth.ts";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

export default function DashboardPage() {
  useDocumentTitle("Dashboard");
  const { user } = useAuth();
  // Spec §2: the welcome line falls back to 'Bro' when the first name is unknown.
  const firstName = user?.firstName || "Bro";
  return (
    <Page>
      <PageHeader title="Dashboard" description={`Welcome back, ${firstName}!`} />
      <ComingSoonCard title="Your hub">
        Stats, quick actions, upcoming games and your journey, all in one place.
      </ComingSoonCard>
    </Page>
  );
}
