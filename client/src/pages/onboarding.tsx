import { ComingSoonCard } from "@/components/ui/coming-soon-card.tsx";
import { Page, PageHeader } from "@/components/ui/page.tsx";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

export default function OnboardingPage() {
  useDocumentTitle("Welcome to Ball with the Bros");
  return (
    <Page>
      <PageHeader
        title="Welcome to Ball with the Bros"
        description="Let's get you set up to find courts and games."
      />
      <ComingSoonCard title="Getting started">
        Set your location, create your profile and choose your preferences.
      </ComingSoonCard>
    </Page>
  );
}
