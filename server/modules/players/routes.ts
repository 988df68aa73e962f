import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { nearbyPlayerListSchema } from "../../../common/players.ts";
import { apiErrorSchema } from "../../../common/user.ts";
import { requireUser, userIdOf } from "../../auth/session-plugin.ts";
import type { Db } from "../../db/client.ts";
import { callerFromSession, nearbyPlayers } from "./service.ts";

/** Players near the signed-in caller (spec §7); "near" is always the caller's own position. */
export async function playersRoutes(
  app: FastifyInstance,
  // app.ts still passes the hub; the reads keep nothing a change must drop.
  { db }: { db: Db; hub?: unknown },
) {
  app.addHook("onRequest", requireUser);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/players/nearby",
    {
      schema: {
        operationId: "listNearbyPlayers",
        summary: "Players within 50 miles of the signed-in player, best matches first.",
        tags: ["players"],
        response: { 200: nearbyPlayerListSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      // Read with the session, except right after a sign-in.
      const known = request.session?.user;
      return nearbyPlayers(db, userIdOf(request), known && callerFromSession(known));
    },
  );
}
