import type { Notification, NotificationPage } from "@common/notifications.ts";

/** A notification as GET /api/notifications answers it; override fields per test. */
export function testNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 1,
    kind: "player_joined",
    title: "Rookie joined Saturday Run",
    body: "2/10 players, 8 spots left.",
    link: "/game/7",
    action: null,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    readAt: null,
    ...overrides,
  };
}

export const page = (
  items: Notification[],
  nextBefore: number | null = null,
): NotificationPage => ({
  items,
  nextBefore,
});
