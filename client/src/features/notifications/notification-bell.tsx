import { Bell } from "lucide-react";
import { Link } from "wouter";
import { cn } from "@/lib/cn.ts";
import { unreadLabel, useUnreadCount } from "./unread-count-query.ts";

/**
 * The bell: opens /notifications, with the unread count on it. Its name says the count too
 * ("Notifications, 3 unread"), since the badge alone is only seen.
 */
export function NotificationBell({ className }: { className?: string }) {
  const unread = useUnreadCount();
  const label = unreadLabel(unread.data?.count ?? 0);
  return (
    <Link
      href="/notifications"
      aria-label={label ? `Notifications, ${label} unread` : "Notifications"}
      className={cn(
        "relative inline-flex size-10 shrink-0 items-center justify-center rounded-md text-foreground hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        className,
      )}
    >
      <Bell aria-hidden="true" className="size-5" />
      {label && (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-primary px-1 text-center text-xs leading-5 font-semibold text-primary-foreground"
        >
          {label}
        </span>
      )}
    </Link>
  );
}
