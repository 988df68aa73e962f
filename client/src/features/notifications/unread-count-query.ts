import { UNREAD_COUNT_CAP } from "@common/notification-limits.ts";
import type { UnreadCount } from "@common/notifications.ts";
import { queryOptions, useQuery } from "@tanstack/react-query";

/** GET /api/notifications/unread-count: the bell. Live events refresh it (features/live). */
export const unreadCountQuery = queryOptions<UnreadCount>({
  queryKey: ["/api/notifications/unread-count"],
});

export const useUnreadCount = () => useQuery(unreadCountQuery);

/** What the bell shows: nothing at 0, the number up to 99, then "99+". */
export function unreadLabel(count: number): string | null {
  if (count <= 0) return null;
  return count >= UNREAD_COUNT_CAP || count > 99 ? "99+" : String(count);
}
