import { BellOff } from "lucide-react";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent } from "@/components/ui/card.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { NotificationItem } from "./notification-item.tsx";
import { useNotifications } from "./notifications-query.ts";
import { useUnreadCount } from "./unread-count-query.ts";
import { useMarkAllRead, useMarkRead } from "./use-mark-read.ts";

/** /notifications: everything the player was told, newest first, older pages on demand. */
export function NotificationsInbox() {
  const list = useNotifications();
  const unread = useUnreadCount();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();

  if (list.isPending) {
    return (
      <div className="grid gap-3">
        <p role="status" className="sr-only">
          Loading your notifications...
        </p>
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    );
  }
  if (list.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-3 rounded-lg border p-6">
        <p>Your notifications could not be loaded.</p>
        <Button variant="outline" onClick={() => list.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const items = list.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <Card>
        <CardContent className="grid justify-items-center gap-2 py-12 text-center">
          <BellOff aria-hidden="true" className="size-8 text-muted-foreground" />
          <h2 className="text-lg font-semibold">No notifications yet</h2>
          <p className="max-w-sm text-sm text-muted-foreground">
            Join or organize a game and you'll hear here when players join, games change and results
            come in.
          </p>
        </CardContent>
      </Card>
    );
  }

  const hasUnread = (unread.data?.count ?? 0) > 0 || items.some((n) => n.readAt === null);
  return (
    <div className="grid gap-4">
      <div className="flex items-center justify-end">
        <Button
          variant="outline"
          size="sm"
          disabled={!hasUnread || markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          Mark all as read
        </Button>
      </div>
      <Card>
        <CardContent className="p-2">
          <ul aria-label="Notifications" className="divide-y">
            {items.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                onOpen={(id) => markRead.mutate(id)}
              />
            ))}
          </ul>
        </CardContent>
      </Card>
      {list.hasNextPage && (
        <div className="flex justify-center">
          <Button
            variant="outline"
            onClick={() => list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
          >
            {list.isFetchingNextPage ? "Loading..." : "Show older notifications"}
          </Button>
        </div>
      )}
    </div>
  );
}
