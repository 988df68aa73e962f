import type { Friend } from "@common/friends.ts";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { friendsQuery, useFriendAction } from "./friends-query.ts";

function FriendRow({ friend, children }: { friend: Friend; children?: React.ReactNode }) {
  return (
    <li className="flex flex-wrap items-center gap-3 py-2">
      <span
        aria-hidden="true"
        className="grid size-9 shrink-0 place-items-center rounded-full bg-accent font-bold text-accent-foreground"
      >
        {friend.nickname.charAt(0).toUpperCase()}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{friend.nickname}</span>
        {friend.primaryPosition && (
          <span className="block text-sm text-muted-foreground">{friend.primaryPosition}</span>
        )}
      </span>
      {children}
    </li>
  );
}

/**
 * The players page's friends: requests waiting on the player (accept, decline), their friends,
 * and the requests they sent (withdraw). Requests are sent from the player cards below.
 */
export function FriendsPanel() {
  const { data, isError } = useQuery(friendsQuery());
  const act = useFriendAction();
  const busy = act.isPending;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Friends</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {isError ? (
          <p role="alert">Could not load your friends. Please try again.</p>
        ) : !data ? (
          <p role="status">Loading your friends...</p>
        ) : (
          <>
            {data.incoming.length > 0 && (
              <section aria-labelledby="friend-requests-heading">
                <h3 id="friend-requests-heading" className="font-semibold">
                  Friend requests ({data.incoming.length})
                </h3>
                <ul className="divide-y">
                  {data.incoming.map((friend) => (
                    <FriendRow key={friend.id} friend={friend}>
                      <Button
                        size="sm"
                        disabled={busy}
                        aria-label={`Accept ${friend.nickname}`}
                        onClick={() => act.mutate({ accept: friend.id })}
                      >
                        Accept
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={busy}
                        aria-label={`Decline ${friend.nickname}`}
                        onClick={() => act.mutate({ decline: friend.id })}
                      >
                        Decline
                      </Button>
                    </FriendRow>
                  ))}
                </ul>
              </section>
            )}
            {data.friends.length === 0 ? (
              <p className="text-muted-foreground">
                No friends yet. Add the bros you run with from their cards below: friends come first
                when you invite players to a game.
              </p>
            ) : (
              <ul aria-label="Your friends" className="divide-y">
                {data.friends.map((friend) => (
                  <FriendRow key={friend.id} friend={friend}>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={busy}
                      aria-label={`Remove ${friend.nickname} from your friends`}
                      onClick={() => act.mutate({ unfriend: friend.id })}
                    >
                      Remove
                    </Button>
                  </FriendRow>
                ))}
              </ul>
            )}
            {data.outgoing.length > 0 && (
              <section aria-labelledby="friend-sent-heading">
                <h3 id="friend-sent-heading" className="font-semibold">
                  Requests you sent
                </h3>
                <ul className="divide-y">
                  {data.outgoing.map((friend) => (
                    <FriendRow key={friend.id} friend={friend}>
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={busy}
                        aria-label={`Withdraw your request to ${friend.nickname}`}
                        onClick={() => act.mutate({ withdraw: friend.id })}
                      >
                        Withdraw
                      </Button>
                    </FriendRow>
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
