import { Page, PageHeader } from "@/components/ui/page.tsx";
import { NotificationsInbox } from "@/features/notifications/notifications-inbox.tsx";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

export default function NotificationsPage() {
  useDocumentTitle("Notifications");
  return (
    <Page className="max-w-2xl">
      <PageHeader title="Notifications" description="What happened in your games." />
      <NotificationsInbox />
    </Page>
  );
}
