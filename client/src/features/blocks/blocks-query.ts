import type { BlockedPlayer } from "@common/blocks.ts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast.ts";
import { apiErrorOf, apiRequest, getQueryFn } from "@/lib/api.ts";

/** GET /api/blocks: the players the caller blocked (Settings). */
export const blockedPlayersQuery = () =>
  queryOptions({
    queryKey: ["/api/blocks"],
    queryFn: getQueryFn<BlockedPlayer[]>({ on401: "throw" }),
  });

export type BlockAction = { block: string } | { unblock: string };

/**
 * Block or unblock. A block changes what many screens show (nearby players, friends, game
 * threads), and is rare: everything on screen is read again after it.
 */
export function useBlockAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: BlockAction) => {
      const blocking = "block" in action;
      const userId = blocking ? action.block : action.unblock;
      await apiRequest(blocking ? "PUT" : "DELETE", `/api/blocks/${userId}`);
    },
    onSuccess: (_, action) =>
      toast({ title: "block" in action ? "Player blocked" : "Player unblocked" }),
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Error",
        description: apiErrorOf(error)?.message ?? "Could not save. Please try again.",
      }),
    onSettled: () => queryClient.invalidateQueries(),
  });
}
