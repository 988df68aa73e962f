import { PAGES } from "@common/pages.ts";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { Page, PageHeader } from "@/components/ui/page.tsx";
import { BlockButton } from "@/features/blocks/block-button.tsx";
import { FriendButton } from "@/features/friends/friend-button.tsx";
import { FriendsGames } from "@/features/friends/friends-games.tsx";
import { FriendsPanel } from "@/features/friends/friends-panel.tsx";
import { friendsQuery } from "@/features/friends/friends-query.ts";
import { GameCard } from "@/features/games/game-card.tsx";
import { PlayersDirectory } from "@/features/players/players-directory.tsx";
import { ReportButton } from "@/features/reports/report-button.tsx";
import { useAuth } from "@/lib/auth/use-auth.ts";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

export default function PlayersPage() {
  useDocumentTitle(PAGES.players.title);
  const { user } = useAuth();
  const hasLocation = user?.latitude != null && user.longitude != null;
  const friends = useQuery(friendsQuery()).data?.friends;
  const friendIds = useMemo(() => new Set(friends?.map((f) => f.id)), [friends]);
  return (
    <Page>
      <PageHeader
        title="Connect with Bros"
        description="Players near you, friends and the best skill match first. Available bros are ready to run."
      />
      <div className="space-y-6">
        <FriendsPanel />
        {friends !== undefined && friends.length > 0 && (
          <FriendsGames
            renderGame={(game, inGame) => (
              <GameCard game={game} inGame={inGame} headingLevel="h3" />
            )}
          />
        )}
        <PlayersDirectory
          hasLocation={hasLocation}
          firstIds={friendIds}
          cardExtra={(player) => (
            <div className="flex flex-wrap items-center gap-2">
              <FriendButton playerId={player.id} playerName={player.nickname} />
              <BlockButton playerId={player.id} playerName={player.nickname} />
              <ReportButton kind="player" targetId={player.id} label={player.nickname} />
            </div>
          )}
        />
      </div>
    </Page>
  );
}
