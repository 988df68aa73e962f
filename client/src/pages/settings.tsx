import { ComingSoonCard } from "@/components/ui/coming-soon-card.tsx";
import { Page, PageHeader } from "@/components/ui/page.tsx";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

export default function SettingsPage() {
  useDocumentTitle("Settings");
  return (
    <Page>
      <PageHeader title="Settings" description="Manage your account, notifications and privacy." />
      <ComingSoonCard title="Account settings">
        Notification and privacy switches and your account details.
      </ComingSoonCard>
    </Page>
  );
}
