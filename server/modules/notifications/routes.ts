import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  markedReadSchema,
  NOTIFICATION_ID_MESSAGE,
  notificationPageSchema,
  notificationsQuerySchema,
  pushEndpointInputSchema,
  pushPublicKeySchema,
  pushSubscriptionInputSchema,
  unreadCountSchema,
} from "../../../common/notifications.ts";
import { apiErrorSchema } from "../../../common/user.ts";
import { requireUser, userIdOf } from "../../auth/session-plugin.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { badRequest, tooManyRequests } from "../../lib/http-error.ts";
import { incrementCounter } from "../../limits/rate-limit.ts";
import { updateSettings } from "../settings/service.ts";
import { readUnsubscribeToken } from "./email.ts";
import { listNotifications, markAllRead, markRead, unreadCount } from "./inbox.ts";
import {
  checkPushEndpoint,
  pushAddressPolicy,
  removePushSubscription,
  savePushSubscription,
  vapidKeysOnce,
} from "./push.ts";

const HOUR_MS = 3_600_000;
/** Subscribing a device is rare: a browser does it once, or when its subscription changes. */
const PUSH_SUBSCRIBES_PER_HOUR = 30;
const UNSUBSCRIBES_PER_ADDRESS = 60;
const TOO_MANY_SUBSCRIBES = "Too many push subscriptions from this account. Try again later.";
const BAD_UNSUBSCRIBE_LINK = "This unsubscribe link is not valid.";

const notificationIdParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/, NOTIFICATION_ID_MESSAGE)
    .transform(Number)
    .refine((id) => id >= 1, NOTIFICATION_ID_MESSAGE),
});
const unsubscribeQuery = z.object({
  token: z.string({ error: BAD_UNSUBSCRIBE_LINK }).min(1, BAD_UNSUBSCRIBE_LINK).max(300),
});

/**
 * The player's notifications (the bell and /notifications), their devices for web push, and the
 * one-click unsubscribe of e-mails. Everything but the unsubscribe link is the caller's own.
 */
export async function notificationsRoutes(
  app: FastifyInstance,
  { db, config }: { db: Db; config: Config },
) {
  const vapidKeys = vapidKeysOnce(db, config);
  const pushAddresses = pushAddressPolicy(config);
  const r = app.withTypeProvider<ZodTypeProvider>();

  // RFC 8058 one-click: the mail provider POSTs here (no cookie, no Origin); the token says who.
  r.post(
    "/api/notifications/unsubscribe",
    {
      schema: {
        operationId: "unsubscribeFromEmails",
        summary: "Turn off the kind of e-mail an unsubscribe link names (one click).",
        tags: ["notifications"],
        querystring: unsubscribeQuery,
        response: { 200: z.string(), 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const count = await incrementCounter(db, `unsubscribe:ip:${request.ip}`, HOUR_MS);
      if (count > UNSUBSCRIBES_PER_ADDRESS) throw tooManyRequests();
      const link = readUnsubscribeToken(config.sessionSecret, request.query.token);
      if (!link) throw badRequest(BAD_UNSUBSCRIBE_LINK, { token: BAD_UNSUBSCRIBE_LINK });
      await updateSettings(db, link.userId, { notifications: { [link.setting]: false } });
      return reply.type("text/plain; charset=utf-8").send("Unsubscribed.");
    },
  );

  // A person clicking the link lands in Settings, where the switch is (never changed by a GET).
  r.get(
    "/api/notifications/unsubscribe",
    {
      schema: {
        operationId: "openUnsubscribeLink",
        summary: "Open Settings from an e-mail's unsubscribe link.",
        tags: ["notifications"],
        // A link a person clicks in an e-mail (a browser navigation), not an API operation.
        hide: true,
        querystring: z.object({ token: z.string().optional() }),
        response: { 303: z.null() },
      },
    },
    async (_request, reply) => reply.redirect("/settings", 303),
  );

  await app.register(async (signedIn) => {
    signedIn.addHook("onRequest", requireUser);
    const s = signedIn.withTypeProvider<ZodTypeProvider>();

    s.get(
      "/api/notifications",
      {
        schema: {
          operationId: "listNotifications",
          summary: "The caller's notifications, newest first, a page at a time.",
          tags: ["notifications"],
          querystring: notificationsQuerySchema,
          response: { 200: notificationPageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
        },
      },
      async (request) => listNotifications(db, userIdOf(request), request.query),
    );

    s.get(
      "/api/notifications/unread-count",
      {
        schema: {
          operationId: "countUnreadNotifications",
          summary: "How many of the caller's notifications are unread (up to 100).",
          tags: ["notifications"],
          response: { 200: unreadCountSchema, 401: apiErrorSchema },
        },
      },
      async (request) => ({ count: await unreadCount(db, userIdOf(request)) }),
    );

    s.post(
      "/api/notifications/:id/read",
      {
        schema: {
          operationId: "markNotificationRead",
          summary: "Mark one of the caller's notifications read.",
          tags: ["notifications"],
          params: notificationIdParams,
          response: {
            200: markedReadSchema,
            400: apiErrorSchema,
            401: apiErrorSchema,
            404: apiErrorSchema,
          },
        },
      },
      async (request) => ({ marked: await markRead(db, userIdOf(request), request.params.id) }),
    );

    s.post(
      "/api/notifications/read-all",
      {
        schema: {
          operationId: "markAllNotificationsRead",
          summary: "Mark all the caller's notifications read.",
          tags: ["notifications"],
          response: { 200: markedReadSchema, 401: apiErrorSchema },
        },
      },
      async (request) => ({ marked: await markAllRead(db, userIdOf(request)) }),
    );

    s.get(
      "/api/push/public-key",
      {
        schema: {
          operationId: "getPushPublicKey",
          summary: "The server's VAPID public key, for subscribing this browser to web push.",
          tags: ["notifications"],
          response: { 200: pushPublicKeySchema, 401: apiErrorSchema },
        },
      },
      async () => ({ publicKey: (await vapidKeys()).publicKey }),
    );

    s.post(
      "/api/push/subscriptions",
      {
        schema: {
          operationId: "subscribeToPush",
          summary: "Save this browser's push subscription for the caller.",
          tags: ["notifications"],
          body: pushSubscriptionInputSchema,
          response: {
            204: z.null(),
            400: apiErrorSchema,
            401: apiErrorSchema,
            429: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const userId = userIdOf(request);
        await checkPushEndpoint(request.body.endpoint, pushAddresses);
        const count = await incrementCounter(db, `push-subscribe:user:${userId}`, HOUR_MS);
        if (count > PUSH_SUBSCRIBES_PER_HOUR) throw tooManyRequests(TOO_MANY_SUBSCRIBES);
        await savePushSubscription(db, userId, request.body);
        return reply.status(204).send(null);
      },
    );

    s.delete(
      "/api/push/subscriptions",
      {
        schema: {
          operationId: "unsubscribeFromPush",
          summary: "Forget this browser's push subscription for the caller.",
          tags: ["notifications"],
          body: pushEndpointInputSchema,
          response: { 204: z.null(), 400: apiErrorSchema, 401: apiErrorSchema },
        },
      },
      async (request, reply) => {
        await removePushSubscription(db, userIdOf(request), request.body.endpoint);
        return reply.status(204).send(null);
      },
    );
  });
}
