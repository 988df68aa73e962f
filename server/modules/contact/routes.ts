import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { contactInputSchema, contactMessagesSchema } from "../../../common/contact.ts";
import { apiErrorSchema } from "../../../common/user.ts";
import { requireUser, userIdOf } from "../../auth/session-plugin.ts";
import type { Db } from "../../db/client.ts";
import { requireOperator } from "../moderation/operators.ts";
import { latestContactMessages, sendContactMessage } from "./service.ts";

/** The contact form and its inbox on the operator page (decision 117). */
export async function contactRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/contact",
    {
      schema: {
        operationId: "sendContactMessage",
        summary: "Send a message to the team (the contact form); anyone may, signed in or not.",
        tags: ["contact"],
        body: contactInputSchema,
        response: {
          201: z.object({ ok: z.literal(true) }),
          400: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      await sendContactMessage(
        db,
        { userId: request.session?.userId ?? null, ip: request.ip },
        request.body,
      );
      return reply.status(201).send({ ok: true as const });
    },
  );

  r.get(
    "/api/operator/messages",
    {
      schema: {
        operationId: "listContactMessages",
        summary: "The latest contact-form messages, newest first (operators).",
        tags: ["operator"],
        response: {
          200: contactMessagesSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
      onRequest: requireUser,
    },
    async (request) => {
      await requireOperator(db, userIdOf(request));
      return latestContactMessages(db);
    },
  );
}
