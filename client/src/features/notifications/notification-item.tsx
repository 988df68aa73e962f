import type { Notification } from "@common/notifications.ts";
import { useMutation } from "@tanstack/react-query";
import { Link } from "wouter";
import { Button } from "@/components/ui/button.tsx";
import { toast } from "@/components/ui/use-toast.ts";
import { apiErrorOf, apiRequest } from "@/lib/api.ts";
import { cn } from "@/lib/cn.ts";
import { relativeTime } from "./relative-time.ts";

/**
 * A notice's one-tap action ("Can't make it" on a reminder): posts it and says what the server
 * answered, done or refused (a link already used, a game started).
 */
function NoticeAction({ action }: { action: NonNullable<Notification["action"]> }) {
  const act = useMutation({
    mutationFn: async () =>
      ((await (await apiRequest("POST", action.post)).json()) as { message: string }).message,
    onSuccess: (message) => toast({ title: action.label, description: message }),
    onError: (error) =>
      toast({
        variant: "destructive",
        title: action.label,
        description: apiErrorOf(error)?.message ?? "That did not work. Please try again.",
      }),
  });
  return (
    <Button
      variant="outline"
      size="sm"
      className="ml-8"
      onClick={() => act.mutate()}
      disabled={act.isPending || act.isSuccess}
    >
      {action.label}
    </Button>
  );
}

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
      {notification.action && <NoticeAction action={notification.action} />}
    </li>
  );
}
