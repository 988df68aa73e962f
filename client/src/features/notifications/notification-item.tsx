import type { Notification } from "@common/notifications.ts";
import { Link } from "wouter";
import { cn } from "@/lib/cn.ts";
import { relativeTime } from "./relative-time.ts";

type NotificationItemProps = { notification: Notification; onOpen: (id: number) => void };

/** One entry: a link to what it is about; unread ones stand out and say so to screen readers. */
export function NotificationItem({ notification, onOpen }: NotificationItemProps) {
  const unread = notification.readAt === null;
  return (
    <li>
      <Link
        href={notification.link}
        onClick={() => unread && onOpen(notification.id)}
        className={cn(
          "flex gap-3 rounded-md px-3 py-3 hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
          unread && "bg-orange-50",
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            "mt-2 size-2 shrink-0 rounded-full",
            unread ? "bg-primary" : "bg-transparent",
          )}
        />
        <span className="min-w-0 flex-1">
          <span className={cn("block", unread ? "font-semibold" : "font-medium")}>
            {unread && <span className="sr-only">Unread: </span>}
            {notification.title}
          </span>
          <span className="block text-sm text-muted-foreground">{notification.body}</span>
          <time
            dateTime={notification.createdAt}
            className="mt-1 block text-xs text-muted-foreground"
          >
            {relativeTime(notification.createdAt)}
          </time>
        </span>
      </Link>
    </li>
  );
}
