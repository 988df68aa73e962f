import { PAGES } from "@common/pages.ts";
import { Page, PageHeader } from "@/components/ui/page.tsx";
import { useAuth } from "@/features/auth/use-auth.ts";
import { PlayersDirectory } from "@/features/players/players-directory.tsx";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

export default function PlayersPage() {
  useDocumentTitle(PAGES.players.title);
  const { user } = useAuth();
  const hasLocation = user?.latitude != null && user.longitude != null;
  return (
    <Page>
      <PageHeader
        title="Connect with Bros"
        description="Players near you, best skill match first. Available bros are ready to run."
      />
      <PlayersDirectory hasLocation={hasLocation} />
    </Page>
  );
}
