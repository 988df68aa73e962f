import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { apiErrorSchema } from "../../../common/user.ts";
import {
  ALREADY_ON_WAITLIST,
  waitlistEntrySchema,
  waitlistSignupSchema,
} from "../../../common/waitlist.ts";
import type { Db } from "../../db/client.ts";
import { conflict, tooManyRequests } from "../../lib/http-error.ts";
import { incrementCounter } from "../../limits/rate-limit.ts";
import { joinWaitlist } from "./service.ts";

/**
 * Signups per address per window. The answer tells whether an e-mail is on the list (409), so
 * the limit also slows anyone probing for addresses; it is loose enough for a crew signing up
 * together behind one address (gym wi-fi, a carrier's shared NAT).
 */
export const WAITLIST_SIGNUPS_PER_ADDRESS = 10;
export const WAITLIST_WINDOW_MS = 10 * 60 * 1000;

export async function waitlistRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/waitlist",
    {
      schema: {
        operationId: "joinWaitlist",
        summary: "Put an e-mail address on the pre-launch waitlist.",
        tags: ["waitlist"],
        body: waitlistSignupSchema,
        response: {
          201: waitlistEntrySchema,
          400: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      // Counted after validation: only requests that would reach the table use up the budget.
      const attempts = await incrementCounter(db, `waitlist:ip:${request.ip}`, WAITLIST_WINDOW_MS);
      if (attempts > WAITLIST_SIGNUPS_PER_ADDRESS) {
        throw tooManyRequests(
          "Too many waitlist signups from this address. Please try again later.",
        );
      }
      const result = await joinWaitlist(db, request.body);
      if (result.status === "already-on-waitlist") throw conflict(ALREADY_ON_WAITLIST);
      const { entry } = result;
      return reply.status(201).send({ ...entry, createdAt: entry.createdAt.toISOString() });
    },
  );
}
