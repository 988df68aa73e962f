import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { cantMakeItAnswerSchema, cantMakeItParamsSchema } from "../../../common/reminders.ts";
import { apiErrorSchema } from "../../../common/user.ts";
import type { Db } from "../../db/client.ts";
import { cantMakeItState, useCantMakeIt } from "./service.ts";

/**
 * "Can't make it" from a reminder (issue 32 point 5, decision 102). No session: the signed link
 * is the key, so it works from an e-mail, a push notification's button and the in-app notice
 * on any device. GET only looks (mail scanners open links); POST frees the seat.
 */
export async function cantMakeItRoutes(
  app: FastifyInstance,
  { db, secret }: { db: Db; secret: string },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: apiErrorSchema, 404: apiErrorSchema };

  r.get(
    "/api/reminders/cant-make-it/:token",
    {
      schema: {
        operationId: "getCantMakeIt",
        summary: "What a reminder's \"Can't make it\" link would do now; changes nothing.",
        tags: ["games"],
        params: cantMakeItParamsSchema,
        response: { 200: cantMakeItAnswerSchema, ...errors },
      },
    },
    async (request) => cantMakeItState(db, secret, request.params.token),
  );

  r.post(
    "/api/reminders/cant-make-it/:token",
    {
      schema: {
        operationId: "useCantMakeIt",
        summary: "Frees the seat a reminder's link names, once; the first in line gets it.",
        tags: ["games"],
        params: cantMakeItParamsSchema,
        response: { 200: cantMakeItAnswerSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request) => useCantMakeIt(db, secret, request.params.token),
  );
}
