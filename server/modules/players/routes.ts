import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { nearbyPlayerListSchema } from "../../../common/players.ts";
import { apiErrorSchema } from "../../../common/user.ts";
import { requireUser, userIdOf } from "../../auth/session-plugin.ts";
import type { Db } from "../../db/client.ts";
import { sendJsonText } from "../../lib/encoded-answers.ts";
import type { LiveHub } from "../events/hub.ts";
import { followPlayerChanges } from "./nearby-cells.ts";
import { nearbyPlayersJson } from "./service.ts";

/** Players near the signed-in caller (product §7); "near" is always the caller's own position. */
export async function playersRoutes(app: FastifyInstance, { db, hub }: { db: Db; hub: LiveHub }) {
  app.addHook("onRequest", requireUser);
  // Changes made through other instances drop this one's shared cells too.
  const stop = followPlayerChanges(db, hub);
  app.addHook("onClose", async () => stop());
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
    async (request, reply) => {
      const page = await nearbyPlayersJson(db, userIdOf(request));
      return sendJsonText(reply, page);
    },
  );
}
