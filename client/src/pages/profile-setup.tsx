import { Page } from "@/components/ui/page.tsx";
import { ProfileSetup } from "@/features/profile/profile-setup.tsx";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

export default function ProfileSetupPage() {
  useDocumentTitle("Set Up Your Profile");
  return (
    <Page>
      <ProfileSetup />
    </Page>
  );
}
