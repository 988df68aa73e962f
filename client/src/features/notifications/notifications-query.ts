import type { NotificationPage } from "@common/notifications.ts";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api.ts";

/** GET /api/notifications, newest first, a page at a time (`before` the last one shown). */
export const notificationsQuery = infiniteQueryOptions({
  queryKey: ["/api/notifications"],
  initialPageParam: null as number | null,
  queryFn: async ({ pageParam }): Promise<NotificationPage> => {
    const url =
      pageParam === null ? "/api/notifications" : `/api/notifications?before=${pageParam}`;
    return (await apiRequest("GET", url)).json();
  },
  getNextPageParam: (last) => last.nextBefore,
});

export const useNotifications = () => useInfiniteQuery(notificationsQuery);
