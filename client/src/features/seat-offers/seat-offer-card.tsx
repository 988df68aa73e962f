import { formatGameTime } from "@common/game-time.ts";
import type { SeatOffer } from "@common/seat-offers.ts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button.tsx";
import { toast } from "@/components/ui/use-toast.ts";
import { apiErrorOf, apiRequest, getQueryFn } from "@/lib/api.ts";
import { useAuth } from "@/lib/auth/use-auth.ts";
import { gameQuery, refreshGame } from "@/lib/game-queries.ts";

/** GET /api/games/{id}/offer: the signed-in player's live seat offer, if any. */
const offerQuery = (gameId: number) =>
  queryOptions({
    queryKey: [`/api/games/${gameId}/offer`],
    queryFn: getQueryFn<SeatOffer>({ on401: "throw" }),
  });

/**
 * On a game page, for the player a freed seat is offered to (decision 103): until when it is
 * theirs, on the court's clock, with one tap to take it or pass it to the next in line.
 */
export function SeatOfferCard({ gameId }: { gameId: number }) {
  const { user } = useAuth();
  const game = useQuery(gameQuery(gameId));
  const open = game.data?.status === "open";
  const offer = useQuery({ ...offerQuery(gameId), enabled: Boolean(user) && open });
  const queryClient = useQueryClient();
  const answer = useMutation({
    mutationFn: async (choice: "accept" | "decline"): Promise<SeatOffer> =>
      (await apiRequest("POST", `/api/games/${gameId}/offer/${choice}`)).json(),
    onSuccess: (answered) => queryClient.setQueryData(offerQuery(gameId).queryKey, answered),
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Could not answer the offer",
        description: apiErrorOf(error)?.message ?? "Please try again.",
      }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: offerQuery(gameId).queryKey });
      await refreshGame(queryClient, gameId);
    },
  });
  const lapsesAt = offer.data?.lapsesAt;
  if (!game.data || !open || !lapsesAt) return null;
  return (
    <section aria-label="Seat offered" className="space-y-2 rounded-md border p-3">
      <p className="font-medium">
        A seat is yours until {formatGameTime(lapsesAt, game.data.court.timeZone, "clock")}
      </p>
      <div className="flex gap-2">
        <Button disabled={answer.isPending} onClick={() => answer.mutate("accept")}>
          Take it
        </Button>
        <Button
          variant="outline"
          disabled={answer.isPending}
          onClick={() => answer.mutate("decline")}
        >
          No thanks
        </Button>
      </div>
    </section>
  );
}
