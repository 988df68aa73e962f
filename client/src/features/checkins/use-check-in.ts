import type { CheckIn } from "@common/checkins.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast.ts";
import { apiRequest } from "@/lib/api.ts";

/**
 * POST /api/checkin with spec §8's toasts. On success the court lists are refreshed (spec §7
 * names /api/courts; the popular list shows the same counters) and `onCheckedIn` closes the
 * dialog; on failure the dialog stays open.
 */
export function useCheckIn(onCheckedIn: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (courtId: number): Promise<CheckIn> =>
      (await apiRequest("POST", "/api/checkin", { courtId })).json(),
    onSuccess: async (_checkIn, courtId) => {
      toast({ title: "Checked In! 🏀", description: "You're ready to start hooping!" });
      onCheckedIn();
      const courtPage = `/api/courts/${courtId}`;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ["/api/courts"], exact: true }),
        // The court's own page: who is here, and what a check-in lets one report.
        queryClient.invalidateQueries({
          predicate: ({ queryKey: [url] }) =>
            url === courtPage || String(url).startsWith(`${courtPage}/`),
        }),
        queryClient.invalidateQueries({ queryKey: ["/api/courts/popular"] }),
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
