import { ComingSoonCard } from "@/components/ui/coming-soon-card.tsx";
import { Page, PageHeader } from "@/components/ui/page.tsx";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

export default function ContactPage() {
  useDocumentTitle("Contact");
  return (
    <Page>
      <PageHeader
        title="Contact"
        description="Questions, ideas or a court we are missing? Tell us."
      />
      <ComingSoonCard title="Contact form">
        A message form, our office details and answers to common questions.
      </ComingSoonCard>
    </Page>
  );
}
