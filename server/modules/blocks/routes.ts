import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { blockedPlayersSchema, blockParamsSchema } from "../../../common/blocks.ts";
import { apiErrorSchema } from "../../../common/user.ts";
import { requireUser, userIdOf } from "../../auth/session-plugin.ts";
import type { Db } from "../../db/client.ts";
import { blockedPlayers, blockPlayer, unblockPlayer } from "./service.ts";

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const tags = ["blocks"];
const done = z.object({ ok: z.literal(true) });

/** Blocking (decision 114). Signed in only; the caller always acts as themself. */
export async function blocksRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.addHook("onRequest", requireUser);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/blocks",
    {
      schema: {
        operationId: "listBlockedPlayers",
        summary: "The players the caller blocked, the latest first.",
        tags,
        response: { 200: blockedPlayersSchema, ...errors },
      },
    },
    async (request) => blockedPlayers(db, userIdOf(request)),
  );

  r.put(
    "/api/blocks/:userId",
    {
      schema: {
        operationId: "blockPlayer",
        summary: "Block a player: both are kept apart, and any friendship between them ends.",
        tags,
        params: blockParamsSchema,
        response: { 200: done, ...errors },
      },
    },
    async (request) => {
      await blockPlayer(db, userIdOf(request), request.params.userId);
      return { ok: true as const };
    },
  );

  r.delete(
    "/api/blocks/:userId",
    {
      schema: {
        operationId: "unblockPlayer",
        summary: "Lift the caller's block on a player.",
        tags,
        params: blockParamsSchema,
        response: { 200: done, ...errors },
      },
    },
    async (request) => {
      await unblockPlayer(db, userIdOf(request), request.params.userId);
      return { ok: true as const };
    },
  );
}
