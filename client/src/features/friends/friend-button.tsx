import { useQuery } from "@tanstack/react-query";
import { Check, UserRoundPlus } from "lucide-react";
import { Button } from "@/components/ui/button.tsx";
import { friendsQuery, useFriendAction } from "./friends-query.ts";

/**
 * A player card's friend control, from the one friends list the page reads: Add Friend, Accept
 * (they asked), Requested (asked; withdrawn from the Friends card), or Friends.
 */
export function FriendButton({ playerId, playerName }: { playerId: string; playerName: string }) {
  const { data } = useQuery(friendsQuery());
  const act = useFriendAction();
  if (!data) return null;
  const is = (list: { id: string }[]) => list.some((p) => p.id === playerId);
  if (is(data.friends)) {
    return (
      <span className="inline-flex items-center gap-1 text-xs font-medium text-green-800">
        <Check aria-hidden="true" className="size-3.5" />
        Friends
      </span>
    );
  }
  if (is(data.outgoing)) {
    return <span className="text-xs font-medium text-muted-foreground">Friend request sent</span>;
  }
  const theyAsked = is(data.incoming);
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={act.isPending}
      aria-label={
        theyAsked ? `Accept ${playerName}'s friend request` : `Add ${playerName} as a friend`
      }
      onClick={() => act.mutate(theyAsked ? { accept: playerId } : { ask: playerId })}
    >
      <UserRoundPlus aria-hidden="true" />
      {theyAsked ? "Accept" : "Add Friend"}
    </Button>
  );
}
