import { Bell } from "lucide-react";
import { Link } from "wouter";
import { cn } from "@/lib/cn.ts";
import { unreadLabel, useUnreadCount } from "./unread-count-query.ts";

type NotificationBellProps = {
  /** "icon" for the shell's bars; "labelled" (the word beside the bell) for a page's header. */
  variant?: "icon" | "labelled";
  className?: string;
};

/**
 * The bell: opens /notifications, with the unread count on it. Its name says the count too
 * ("Notifications, 3 unread"), since the badge alone is only seen.
 */
export function NotificationBell({ variant = "icon", className }: NotificationBellProps) {
  const unread = useUnreadCount();
  const label = unreadLabel(unread.data?.count ?? 0);
  const labelled = variant === "labelled";
  return (
    <Link
      href="/notifications"
      aria-label={label ? `Notifications, ${label} unread` : "Notifications"}
      className={cn(
        "relative inline-flex shrink-0 items-center justify-center gap-2 rounded-md text-foreground hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        labelled ? "h-10 border px-3 text-sm font-medium" : "size-10",
        className,
      )}
    >
      <Bell aria-hidden="true" className="size-5" />
      {labelled && <span aria-hidden="true">Notifications</span>}
      {label && (
        <span
          aria-hidden="true"
          className={cn(
            "min-w-5 rounded-full bg-primary px-1 text-center text-xs leading-5 font-semibold text-primary-foreground",
            !labelled && "absolute -top-0.5 -right-0.5",
          )}
        >
          {label}
        </span>
      )}
    </Link>
  );
}
