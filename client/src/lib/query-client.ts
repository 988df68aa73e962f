import { QueryClient } from "@tanstack/react-query";
import { getQueryFn } from "./api.ts";

/**
 * Spec §7: the query key's first element is the URL, no retries, data never goes stale and is
 * not refetched on focus or on an interval unless a query says otherwise (metrics, courts).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
