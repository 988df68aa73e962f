import { PAGES } from "@common/pages.ts";
import { Page } from "@/components/ui/page.tsx";
import { ProfileSetup } from "@/features/profile/profile-setup.tsx";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

export default function ProfileSetupPage() {
  useDocumentTitle(PAGES.profileSetup.title);
  return (
    <Page>
      <ProfileSetup />
    </Page>
  );
}
