import type { GameMessage, GameMessagePage, SendMessageInput } from "@common/games.ts";
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import { apiRequest } from "@/lib/api.ts";

/** GET /api/games/{id}/messages: the thread, newest first, older pages on demand. */
export const gameThreadQuery = (gameId: number) =>
  infiniteQueryOptions({
    queryKey: [`/api/games/${gameId}/messages`],
    initialPageParam: null as number | null,
    queryFn: async ({ pageParam }): Promise<GameMessagePage> => {
      const url = `/api/games/${gameId}/messages${pageParam === null ? "" : `?before=${pageParam}`}`;
      return (await apiRequest("GET", url)).json();
    },
    getNextPageParam: (last) => last.nextBefore,
  });

export const useGameThread = (gameId: number) => useInfiniteQuery(gameThreadQuery(gameId));

/** POST /api/games/{id}/messages; the thread refreshes (the live event does so for others). */
export function useSendThreadMessage(gameId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SendMessageInput): Promise<GameMessage> =>
      (await apiRequest("POST", `/api/games/${gameId}/messages`, input)).json(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gameThreadQuery(gameId).queryKey }),
  });
}
