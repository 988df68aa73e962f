import { PAGES } from "@common/pages.ts";
import { Page, PageHeader } from "@/components/ui/page.tsx";
import { PlayersDirectory } from "@/features/players/players-directory.tsx";
import { useAuth } from "@/lib/auth/use-auth.ts";
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
