import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api.ts";
import { notificationsQuery } from "./notifications-query.ts";
import { unreadCountQuery } from "./unread-count-query.ts";

const refresh = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: unreadCountQuery.queryKey }),
    queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey }),
  ]);

/** POST /api/notifications/{id}/read: opening a notification marks it read. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest("POST", `/api/notifications/${id}/read`),
    onSettled: () => refresh(queryClient),
  });
}

/** POST /api/notifications/read-all. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest("POST", "/api/notifications/read-all"),
    onSettled: () => refresh(queryClient),
  });
}
