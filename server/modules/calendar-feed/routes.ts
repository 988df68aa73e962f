import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { calendarFeedSchema } from "../../../common/calendar-feed.ts";
import { apiErrorSchema } from "../../../common/user.ts";
import { requireUser, userIdOf } from "../../auth/session-plugin.ts";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../lib/http-error.ts";
import { calendarFeedOf, calendarFeedText, resetCalendarFeed } from "./service.ts";

export const FEED_NOT_FOUND =
  "This calendar address does not exist or was reset. Copy the new one from Settings.";

const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

/** The player's private calendar feed (issue 32 point 1, decision 102). */
export async function calendarFeedRoutes(
  app: FastifyInstance,
  { db, publicUrl, secret }: { db: Db; publicUrl: string; secret: string },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Public: a phone's calendar fetches it without a session; the secret URL is the key.
  r.get(
    "/api/calendar/:file",
    {
      schema: {
        operationId: "getCalendarFeed",
        summary: "A player's games as an iCalendar feed, by its secret address.",
        tags: ["settings"],
        params: z.object({ file: z.string().describe("<token>.ics") }),
        produces: ["text/calendar"],
        response: {
          200: z.string().describe("An RFC 5545 calendar, one event per game."),
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const token = FEED_FILE.exec(request.params.file)?.[1];
      const text = token ? await calendarFeedText(db, token, publicUrl) : null;
      if (text === null) throw notFound(FEED_NOT_FOUND);
      return reply
        .type("text/calendar; charset=utf-8")
        .header("cache-control", "private, no-cache")
        .send(text);
    },
  );

  await app.register(async (signedIn) => {
    signedIn.addHook("onRequest", requireUser);
    const s = signedIn.withTypeProvider<ZodTypeProvider>();
    const options = { secret, publicUrl };

    s.get(
      "/api/calendar-feed",
      {
        schema: {
          operationId: "getOwnCalendarFeed",
          summary: "The signed-in player's private calendar address (made on first asking).",
          tags: ["settings"],
          response: { 200: calendarFeedSchema, 401: apiErrorSchema },
        },
      },
      async (request) => calendarFeedOf(db, userIdOf(request), options),
    );

    s.post(
      "/api/calendar-feed/reset",
      {
        schema: {
          operationId: "resetOwnCalendarFeed",
          summary: "A new private calendar address; the old one stops working.",
          tags: ["settings"],
          response: { 200: calendarFeedSchema, 401: apiErrorSchema },
        },
      },
      async (request) => resetCalendarFeed(db, userIdOf(request), options),
    );
  });
}
