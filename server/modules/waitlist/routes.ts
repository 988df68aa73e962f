import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema } from "../../../common/user.ts";
import {
  ALREADY_ON_WAITLIST,
  TOO_MANY_WAITLIST_SIGNUPS,
  WAITLIST_FORM_PROBLEMS,
  type WaitlistFormProblem,
  type WaitlistSignup,
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

/** One signup from `ip`: the per-address budget first, then the table. */
async function signUp(db: Db, ip: string, signup: WaitlistSignup) {
  // Counted after validation: only requests that would reach the table use up the budget.
  const attempts = await incrementCounter(db, `waitlist:ip:${ip}`, WAITLIST_WINDOW_MS);
  if (attempts > WAITLIST_SIGNUPS_PER_ADDRESS) return { status: "busy" } as const;
  return joinWaitlist(db, signup);
}

const formAnswer = (problem?: WaitlistFormProblem) =>
  problem ? `/waitlist?problem=${problem}` : "/waitlist?joined=1";

export async function waitlistRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The server-rendered form posts here when it is sent before the app has hydrated it
  // (issue 31): answered with the page again, the outcome in the address, never a field.
  r.post(
    "/api/waitlist/form",
    {
      schema: {
        operationId: "joinWaitlistForm",
        summary: "The waitlist form sent as a plain form post; answers 303 to /waitlist.",
        tags: ["waitlist"],
        hide: true,
        consumes: ["application/x-www-form-urlencoded"],
        body: z.record(z.string(), z.unknown()),
      },
    },
    async (request, reply) => {
      const parsed = waitlistSignupSchema.safeParse(request.body);
      if (!parsed.success) return reply.redirect(formAnswer("invalid"), 303);
      const result = await signUp(db, request.ip, parsed.data);
      const problem =
        result.status === "joined" ? undefined : WAITLIST_FORM_PROBLEMS[result.status];
      return reply.redirect(formAnswer(problem), 303);
    },
  );

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
      const result = await signUp(db, request.ip, request.body);
      if (result.status === "busy") throw tooManyRequests(TOO_MANY_WAITLIST_SIGNUPS);
      if (result.status === "already-on-waitlist") throw conflict(ALREADY_ON_WAITLIST);
      const { entry } = result;
      return reply.status(201).send({ ...entry, createdAt: entry.createdAt.toISOString() });
    },
  );
}
