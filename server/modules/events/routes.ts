import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { LiveEvent } from "../../../common/live-events.ts";
import { apiErrorSchema } from "../../../common/user.ts";
import type { Database } from "../../db/client.ts";
import { tooManyRequests } from "../../lib/http-error.ts";
import { eventsSince, type LiveHub, type LiveStream } from "./hub.ts";
import type { StoredEvent } from "./publish.ts";

export interface LiveStreamLimits {
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs: number;
  /** Streams end after this long; the browser reconnects at once and resumes (fresh sign-in state). */
  maxAgeMs: number;
  /** Open streams per player on one instance (tabs and devices). */
  perPlayer: number;
  /** Open streams per visitor address on one instance. */
  perAddress: number;
}

export const DEFAULT_STREAM_LIMITS: LiveStreamLimits = {
  heartbeatMs: 20_000,
  maxAgeMs: 10 * 60_000,
  perPlayer: 8,
  perAddress: 16,
};

const TOO_MANY_STREAMS = "Too many live connections are open. Close a tab and try again.";
const RECONNECT_MS = 2_000;

const lastEventIdSchema = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number);

function frame(event: LiveEvent, id?: number): string {
  return `${id === undefined ? "" : `id: ${id}\n`}data: ${JSON.stringify(event)}\n\n`;
}

/**
 * GET /api/events: Server-Sent Events for live pages. Visitors get public events (seat and court
 * counts); a signed-in player also their own (the bell). Last-Event-ID resumes after a reconnect.
 */
export async function eventsRoutes(
  app: FastifyInstance,
  options: { database: Database; hub: LiveHub; limits?: Partial<LiveStreamLimits> },
) {
  const { database, hub } = options;
  const limits = { ...DEFAULT_STREAM_LIMITS, ...options.limits };
  const visitorsByAddress = new Map<string, number>();
  const open = new Set<() => void>();

  // Streams never finish by themselves: end them so closing the server does not wait for them.
  app.addHook("preClose", async () => {
    for (const end of [...open]) end();
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/events",
    {
      schema: {
        operationId: "streamLiveEvents",
        summary: "Stream live events (Server-Sent Events) for the visitor or the signed-in player.",
        tags: ["events"],
        headers: z.object({ "last-event-id": z.string().optional() }),
        response: {
          200: z.string().describe("text/event-stream: `data:` lines of JSON LiveEvent objects"),
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const userId = request.session?.userId ?? null;
      const address = request.ip;
      if (
        userId
          ? hub.streamsOf(userId) >= limits.perPlayer
          : (visitorsByAddress.get(address) ?? 0) >= limits.perAddress
      ) {
        throw tooManyRequests(TOO_MANY_STREAMS);
      }
      const resumeFrom = lastEventIdSchema.safeParse(request.headers["last-event-id"]);

      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        connection: "keep-alive",
        // nginx would otherwise buffer the stream.
        "x-accel-buffering": "no",
      });
      response.write(`retry: ${RECONNECT_MS}\n\n`);

      // Until the missed events are replayed, live ones wait, so the order stays right.
      let pending: StoredEvent[] | null = resumeFrom.success ? [] : null;
      const replayed = new Set<number>();
      const write = (stored: StoredEvent) => response.write(frame(stored.event, stored.id));
      const stream: LiveStream = {
        userId,
        // A replayed event's live notice can arrive after the replay (LISTEN delivers late).
        send: (stored) => {
          if (pending) pending.push(stored);
          else if (!replayed.has(stored.id)) write(stored);
        },
        resync: () => response.write(frame({ type: "resync" })),
      };
      const remove = hub.add(stream);
      if (!userId) visitorsByAddress.set(address, (visitorsByAddress.get(address) ?? 0) + 1);

      const heartbeat = setInterval(() => response.write(": keep-alive\n\n"), limits.heartbeatMs);
      const maxAge = setTimeout(() => end(), limits.maxAgeMs);
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        clearTimeout(maxAge);
        remove();
        open.delete(end);
        if (!userId) {
          const left = (visitorsByAddress.get(address) ?? 1) - 1;
          if (left > 0) visitorsByAddress.set(address, left);
          else visitorsByAddress.delete(address);
        }
        response.end();
      };
      open.add(end);
      request.raw.on("close", end);
      response.on("error", end);

      if (resumeFrom.success) {
        try {
          const missed = await eventsSince(database, userId, resumeFrom.data);
          if (missed === null) response.write(frame({ type: "resync" }));
          else
            for (const stored of missed) {
              replayed.add(stored.id);
              write(stored);
            }
        } catch (error) {
          request.log.warn({ err: error }, "live events could not be replayed");
          response.write(frame({ type: "resync" }));
        }
        const waiting = pending ?? [];
        pending = null;
        for (const stored of waiting) if (!replayed.has(stored.id)) write(stored);
      }
    },
  );
}
