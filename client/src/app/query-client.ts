import { QueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast.ts";
import { getQueryFn } from "@/lib/api.ts";
import { isBrowserOffline, OFFLINE_WRITE_MESSAGE, OfflineError } from "@/lib/network-status.ts";

/**
 * Spec §7: the query key's first element is the URL, no retries, data never goes stale and is
 * not refetched on focus or on an interval unless a query says otherwise (metrics, courts).
 * Offline: a read is still tried once (the service worker may answer it from its cache) and a
 * screen keeps the data it has; a write is sent and fails at once with a toast saying so,
 * rather than waiting silently in a queue.
 */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
        networkMode: "offlineFirst",
      },
      mutations: { retry: false, networkMode: "always" },
    },
  });
  // The cache hears of a failed write after the screen's own onError handlers have run, so
  // while the browser is offline this toast replaces their "Please try again" (one toast is
  // shown at a time). Online, a request that went unanswered keeps the screen's own message
  // (product §8: 'Something went wrong').
  client.getMutationCache().subscribe((event) => {
    if (event.type !== "updated" || event.action.type !== "error") return;
    if (!(event.action.error instanceof OfflineError) || !isBrowserOffline()) return;
    toast({ variant: "destructive", title: "You're offline", description: OFFLINE_WRITE_MESSAGE });
  });
  return client;
}

export const queryClient = createQueryClient();
