import { PAGES } from "@common/pages.ts";
import { Page } from "@/components/ui/page.tsx";
import { CrownsBanner } from "@/features/court-kings/crowns-banner.tsx";
import { OwnLevel } from "@/features/levels/own-level.tsx";
import { ProfileView } from "@/features/profile/profile-view.tsx";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

export default function ProfilePage() {
  useDocumentTitle(PAGES.profile.title);
  return (
    <Page>
      <CrownsBanner />
      <ProfileView level={<OwnLevel />} />
    </Page>
  );
}
