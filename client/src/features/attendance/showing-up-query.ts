import type { MyReliability, ShowingUp } from "@common/attendance.ts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast.ts";
import { apiErrorOf, apiRequest, getQueryFn } from "@/lib/api.ts";

/** GET /api/games/{id}/showing-up: signed-in players only; live events refresh it. */
export const showingUpQuery = (gameId: number) =>
  queryOptions({
    queryKey: [`/api/games/${gameId}/showing-up`],
    queryFn: getQueryFn<ShowingUp>({ on401: "throw" }),
  });

/** GET /api/me/reliability. */
export const myReliabilityQuery = () =>
  queryOptions({
    queryKey: ["/api/me/reliability"],
    queryFn: getQueryFn<MyReliability>({ on401: "throw" }),
  });

/** The organizer's attendance calls: mark one player present, or close attendance. */
export function useAttendanceAction(gameId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: { mark: string } | "close") =>
      action === "close"
        ? apiRequest("POST", `/api/games/${gameId}/attendance/close`)
        : apiRequest("POST", `/api/games/${gameId}/attendance`, { userId: action.mark }),
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Error",
        description: apiErrorOf(error)?.message ?? "Could not save attendance. Please try again.",
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: showingUpQuery(gameId).queryKey }),
  });
}
