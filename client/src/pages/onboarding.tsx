import { PAGES } from "@common/pages.ts";
import { Page } from "@/components/ui/page.tsx";
import { OnboardingFlow } from "@/features/onboarding/onboarding-flow.tsx";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

export default function OnboardingPage() {
  useDocumentTitle(PAGES.onboarding.title);
  return (
    <Page>
      <OnboardingFlow />
    </Page>
  );
}
