import { ComingSoonCard } from "@/components/ui/coming-soon-card.tsx";
import { Page, PageHeader } from "@/components/ui/page.tsx";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

export default function WaitlistPage() {
  useDocumentTitle("Join the Waitlist");
  return (
    <Page>
      <PageHeader
        title="Join the Waitlist"
        description="Be first on the court when Ball with the Bros launches in your city."
      />
      <ComingSoonCard title="Waitlist sign-up">
        The sign-up form is on its way: your name, e-mail, city and position.
      </ComingSoonCard>
    </Page>
  );
}
