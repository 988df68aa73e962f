import { Page } from "@/components/ui/page.tsx";
import { ProfileView } from "@/features/profile/profile-view.tsx";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

export default function ProfilePage() {
  useDocumentTitle("Profile");
  return (
    <Page>
      <ProfileView />
    </Page>
  );
}
