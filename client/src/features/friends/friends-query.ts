import type { FriendGame, FriendRequestResult, FriendsOverview } from "@common/friends.ts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast.ts";
import { apiErrorOf, apiRequest, getQueryFn } from "@/lib/api.ts";

/** GET /api/friends: signed in; a request or an accept reaching the player refreshes it live. */
export const friendsQuery = () =>
  queryOptions({
    queryKey: ["/api/friends"],
    queryFn: getQueryFn<FriendsOverview>({ on401: "throw" }),
  });

/** GET /api/friends/games: upcoming games a friend holds a seat in. */
export const friendsGamesQuery = () =>
  queryOptions({
    queryKey: ["/api/friends/games"],
    queryFn: getQueryFn<FriendGame[]>({ on401: "throw" }),
  });

export type FriendAction =
  | { ask: string }
  | { accept: string }
  | { decline: string }
  | { withdraw: string }
  | { unfriend: string };

function requestOf(
  action: FriendAction,
): [method: "POST" | "DELETE", path: string, body?: unknown] {
  if ("ask" in action) return ["POST", "/api/friends/requests", { userId: action.ask }];
  if ("accept" in action) return ["POST", `/api/friends/requests/${action.accept}/accept`];
  if ("decline" in action) return ["POST", `/api/friends/requests/${action.decline}/decline`];
  if ("withdraw" in action) return ["DELETE", `/api/friends/requests/${action.withdraw}`];
  return ["DELETE", `/api/friends/${action.unfriend}`];
}

const DONE: Record<string, string> = {
  ask: "Friend request sent",
  accept: "You're friends now",
  decline: "Request declined",
  withdraw: "Request withdrawn",
  unfriend: "Removed from your friends",
};

/** Every friends call; the list is read again after each, whatever the answer. */
export function useFriendAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: FriendAction) => {
      const [method, path, body] = requestOf(action);
      const answer = await apiRequest(method, path, body);
      return (await answer.json()) as FriendRequestResult | { ok: true };
    },
    onSuccess: (result, action) => {
      const [kind] = Object.keys(action) as [string];
      const becameFriends = "status" in result && result.status === "friends";
      toast({ title: becameFriends ? DONE.accept : (DONE[kind] ?? "Saved") });
    },
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Error",
        description: apiErrorOf(error)?.message ?? "Could not save. Please try again.",
      }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: friendsQuery().queryKey });
      await queryClient.invalidateQueries({ queryKey: friendsGamesQuery().queryKey });
    },
  });
}
