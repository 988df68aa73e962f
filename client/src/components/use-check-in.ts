import type { CheckIn } from "@common/checkins.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast.ts";
import { apiRequest } from "@/lib/api.ts";
import { positionIfAllowed } from "@/lib/current-position.ts";
import { keyStartsWith } from "@/lib/query-match.ts";

/**
 * POST /api/checkin with product §8's toasts. On success every court read is refreshed (product §7
 * names /api/courts; the map, the totals and the popular list show the same counters) and
 * `onCheckedIn` closes the dialog; on failure the dialog stays open. Where the player already
 * lets the site read their position, it goes along: a check-in at a game's court marks them present.
 */
export function useCheckIn(onCheckedIn: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (courtId: number): Promise<CheckIn> =>
      (
        await apiRequest("POST", "/api/checkin", { courtId, position: await positionIfAllowed() })
      ).json(),
    onSuccess: async () => {
      toast({ title: "Checked In! 🏀", description: "You're ready to start hooping!" });
      onCheckedIn();
      await Promise.all([
        // The directory's pages, map tiles and totals, and the popular list.
        queryClient.invalidateQueries(keyStartsWith("/api/courts")),
        // Courts visited (profile counters, the journey's "Check in at a court") counts check-ins.
        queryClient.invalidateQueries({ queryKey: ["/api/user/stats"] }),
      ]);
    },
    onError: () => {
      toast({
        variant: "destructive",
        title: "Check-in Failed",
        description: "There was an error checking you in. Please try again.",
      });
    },
  });
}
