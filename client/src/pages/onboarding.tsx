import { PRODUCT_NAME } from "@common/constants.ts";
import { Page } from "@/components/ui/page.tsx";
import { OnboardingFlow } from "@/features/onboarding/onboarding-flow.tsx";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

export default function OnboardingPage() {
  useDocumentTitle(`Welcome to ${PRODUCT_NAME}`);
  return (
    <Page>
      <OnboardingFlow />
    </Page>
  );
}
