import type { FriendGame } from "@common/friends.ts";
import type { Game } from "@common/games.ts";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { friendsGamesQuery } from "./friends-query.ts";

/** "Ana", "Ana and Ben", "Ana, Ben and Cy" */
export function namesOf(friends: FriendGame["friends"]): string {
  const names = friends.map((friend) => friend.nickname);
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

type FriendsGamesProps = {
  /** The game's card (the page composes the games feature's); `inGame`: the player's seat. */
  renderGame: (game: Game, inGame: boolean) => ReactNode;
};

/** The players page's "Friends' games": upcoming games a friend holds a seat in. */
export function FriendsGames({ renderGame }: FriendsGamesProps) {
  const { data, isError } = useQuery(friendsGamesQuery());
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Friends' games</CardTitle>
      </CardHeader>
      <CardContent>
        {isError ? (
          <p role="alert">Could not load your friends' games. Please try again.</p>
        ) : !data ? (
          <p role="status">Loading your friends' games...</p>
        ) : data.length === 0 ? (
          <p className="text-muted-foreground">
            No upcoming games with your friends yet. When a friend takes a seat, the game shows
            here.
          </p>
        ) : (
          <ul aria-label="Your friends' upcoming games" className="grid gap-3 sm:grid-cols-2">
            {data.map(({ game, friends, youreIn }) => (
              <li key={game.id} className="space-y-1">
                {renderGame(game, youreIn)}
                <p className="px-1 text-sm text-muted-foreground">
                  {namesOf(friends)} {friends.length === 1 ? "is" : "are"} in
                  {youreIn ? ", and so are you" : ""}
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
