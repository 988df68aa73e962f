import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  checkInInputSchema,
  checkInSchema,
  checkOutResultSchema,
  currentCheckInSchema,
} from "../../../common/checkins.ts";
import { apiErrorSchema } from "../../../common/user.ts";
import { requireUser, userIdOf } from "../../auth/session-plugin.ts";
import type { Db } from "../../db/client.ts";
import { checkIn, checkOut, currentCheckIn } from "./service.ts";

/** Check-ins (product §7); the courts ranked by them are the courts routes' (map-answers.ts). */
export async function checkinsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  // The caller's own check-in only: the user always comes from the session, and the guard
  // answers 401 before the body is even validated.
  await app.register(async (signedIn) => {
    signedIn.addHook("onRequest", requireUser);
    const s = signedIn.withTypeProvider<ZodTypeProvider>();

    s.post(
      "/api/checkin",
      {
        schema: {
          operationId: "checkIn",
          summary: "Check the signed-in player in at a court (ending any other check-in).",
          tags: ["checkins"],
          body: checkInInputSchema,
          response: {
            200: checkInSchema,
            400: apiErrorSchema,
            401: apiErrorSchema,
            404: apiErrorSchema,
          },
        },
      },
      async (request) =>
        checkIn(db, userIdOf(request), request.body.courtId, request.body.position),
    );

    s.get(
      "/api/checkin",
      {
        schema: {
          operationId: "getCurrentCheckIn",
          summary: "Where the signed-in player is checked in now, if anywhere.",
          tags: ["checkins"],
          response: { 200: currentCheckInSchema, 401: apiErrorSchema },
        },
      },
      async (request) => ({ checkIn: await currentCheckIn(db, userIdOf(request)) }),
    );

    s.post(
      "/api/checkout",
      {
        schema: {
          operationId: "checkOut",
          summary: "End the signed-in player's check-in.",
          tags: ["checkins"],
          response: { 200: checkOutResultSchema, 401: apiErrorSchema },
        },
      },
      async (request) => ({ checkedOut: await checkOut(db, userIdOf(request)) }),
    );
  });
}
