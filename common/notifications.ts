import { z } from "zod";

/**
 * Every kind of notification. The server decides per kind which Settings switch governs it,
 * which channels carry it and its texts (server/modules/notifications/kinds.ts); the list is
 * here so the API's answers and the client agree on the names.
 */
export const NOTIFICATION_KINDS = [
  "player_joined",
  "player_left",
  "game_cancelled",
  "game_reminder",
  "organizer_message",
  "result_recorded",
  "badge_earned",
  "court_new_game",
  "weekly_stats",
  // Emitted by the waiting list, invitations and the game thread.
  "promoted_from_line",
  "game_invite",
  "players_needed",
  "thread_message",
  // Emitted by the go/no-go decision (issue 32).
  "game_on",
  // Runs (decision 098): a regular counted in by default on a new date.
  "run_counted_in",
  // Seats offered near the start (decision 103): a freed seat held for the first in line.
  "seat_offered",
  // Organizer tools (decision 104): a player removed from a date, with the organizer's reason.
  "removed_from_game",
  // A message from a run's organizer to all its regulars.
  "run_message",
  // Friends (decision 113): a request, and a request accepted.
  "friend_request",
  "friend_accepted",
  // Moderation (decision 116): an operator hid a player's content, warned, suspended or banned them.
  "moderation",
  // To operators (decision 116): new reports or contact messages wait on /operator.
  "operator_queue",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationSchema = z.object({
  id: z.number(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** The app path it opens: its game, court or profile. */
  link: z.string(),
  /** A one-tap action besides opening it ("Can't make it" on a reminder): POST to `post`. */
  action: z.object({ label: z.string(), path: z.string(), post: z.string() }).nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATIONS_PAGE_MAX = 50;
export const NOTIFICATIONS_PAGE_DEFAULT = 20;

/** GET /api/notifications: newest first; `before` pages on to older ones. */
export const notificationsQuerySchema = z.object({
  before: z.coerce
    .number({ error: "before must be a notification id" })
    .int("before must be a notification id")
    .positive("before must be a notification id")
    .optional(),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${NOTIFICATIONS_PAGE_MAX}` })
    .int(`limit must be a whole number from 1 to ${NOTIFICATIONS_PAGE_MAX}`)
    .min(1, `limit must be a whole number from 1 to ${NOTIFICATIONS_PAGE_MAX}`)
    .max(NOTIFICATIONS_PAGE_MAX, `limit must be a whole number from 1 to ${NOTIFICATIONS_PAGE_MAX}`)
    .default(NOTIFICATIONS_PAGE_DEFAULT),
});
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  /** Pass as `before` for the next, older page; null when there is none. */
  nextBefore: z.number().nullable(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export { UNREAD_COUNT_CAP } from "./notification-limits.ts";
export const unreadCountSchema = z.object({ count: z.number() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const markedReadSchema = z.object({ marked: z.number() });

export const NOTIFICATION_ID_MESSAGE = "Notification id must be a positive whole number";
export const NOTIFICATION_NOT_FOUND = "Notification not found";

// ── Web push (Settings → Push notifications, per device) ────────────────────────────────────

const base64Url = (what: string, min: number, max: number) =>
  z
    .string({ error: `${what} is required` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} must be base64url`)
    .min(min, `${what} is too short`)
    .max(max, `${what} is too long`);

/** A browser's PushSubscription.toJSON(), as the Push API gives it. */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z
    .string({ error: "endpoint is required" })
    .max(2048, "endpoint is too long")
    .url("endpoint must be a URL"),
  keys: z.object(
    {
      // An uncompressed P-256 point (65 bytes) and a 16-byte secret, base64url.
      p256dh: base64Url("keys.p256dh", 86, 90),
      auth: base64Url("keys.auth", 22, 24),
    },
    { error: "keys are required" },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

export const pushEndpointInputSchema = pushSubscriptionInputSchema.pick({ endpoint: true });

export const pushPublicKeySchema = z.object({ publicKey: z.string() });

/** What a push carries (encrypted), as the service worker shows it. */
export type PushMessage = {
  title: string;
  body: string;
  /** The app path the notification opens. */
  url: string;
  /** Showing a second message with the same tag replaces the first (a retried delivery). */
  tag: string;
  /** A button on the notification: the service worker POSTs to `post` and shows the answer. */
  action?: { title: string; post: string };
};
