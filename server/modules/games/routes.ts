import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  createGameInputSchema,
  gameIdParamsSchema,
  gameListSchema,
  gameSchema,
  participantListSchema,
  upcomingGamesQuerySchema,
} from "../../../common/games.ts";
import { apiErrorSchema } from "../../../common/user.ts";
import { requireUser, userIdOf } from "../../auth/session-plugin.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { badRequest } from "../../lib/http-error.ts";
import { gameCalendar } from "./calendar.ts";
import { getGame, listParticipants, type Position } from "./game-reads.ts";
import {
  cancelGame,
  createGame,
  gamesOrganizedBy,
  gamesPlayedIn,
  joinGame,
  leaveGame,
  upcomingGames,
} from "./service.ts";

/** A signed-in viewer's saved position, if any: distances to games are measured from it. */
async function savedPosition(db: Db, request: FastifyRequest): Promise<Position | null> {
  if (!request.session) return null;
  const [row] = await db
    .select({ latitude: users.latitude, longitude: users.longitude })
    .from(users)
    .where(eq(users.id, request.session.userId));
  return row?.latitude != null && row.longitude != null
    ? { latitude: row.latitude, longitude: row.longitude }
    : null;
}

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/** Pickup games (spec §2 game detail, §4 join/leave, §7 games calls). */
export async function gamesRoutes(
  app: FastifyInstance,
  { db, publicUrl }: { db: Db; publicUrl: string },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // ── Public: visitors see games and who plays (spec §6: /game/{id} is for everyone). ──

  r.get(
    "/api/games/upcoming",
    {
      schema: {
        querystring: upcomingGamesQuerySchema,
        response: { 200: gameListSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const { lat, lng } = request.query;
      if ((lat === undefined) !== (lng === undefined)) {
        throw badRequest("Give both lat and lng, or neither", { lng: "lng goes with lat" });
      }
      const position =
        lat !== undefined && lng !== undefined
          ? { latitude: lat, longitude: lng }
          : await savedPosition(db, request);
      return upcomingGames(db, request.query, position);
    },
  );

  r.get(
    "/api/games/:id",
    { schema: { params: gameIdParamsSchema, response: { 200: gameSchema, ...errors } } },
    async (request) => getGame(db, request.params.id, await savedPosition(db, request)),
  );

  r.get(
    "/api/games/:id/participants",
    {
      schema: { params: gameIdParamsSchema, response: { 200: participantListSchema, ...errors } },
    },
    async (request) => listParticipants(db, request.params.id),
  );

  r.get(
    "/api/games/:id/calendar.ics",
    { schema: { params: gameIdParamsSchema } },
    async (request, reply) => {
      const game = await getGame(db, request.params.id);
      return reply
        .type("text/calendar; charset=utf-8")
        .header("content-disposition", `attachment; filename="game-${game.id}.ics"`)
        .send(gameCalendar(game, publicUrl));
    },
  );

  // ── Signed in: the caller acts as themself only; the guard answers 401 before validation. ──

  await app.register(async (signedIn) => {
    signedIn.addHook("onRequest", requireUser);
    const s = signedIn.withTypeProvider<ZodTypeProvider>();

    s.post(
      "/api/games",
      { schema: { body: createGameInputSchema, response: { 201: gameSchema, ...errors } } },
      async (request, reply) =>
        reply.status(201).send(await createGame(db, userIdOf(request), request.body)),
    );

    s.get(
      "/api/games/my",
      { schema: { response: { 200: gameListSchema, 401: apiErrorSchema } } },
      async (request) => gamesPlayedIn(db, userIdOf(request)),
    );

    s.get(
      "/api/games/my-games",
      { schema: { response: { 200: gameListSchema, 401: apiErrorSchema } } },
      async (request) => gamesOrganizedBy(db, userIdOf(request)),
    );

    const action = {
      schema: { params: gameIdParamsSchema, response: { 200: gameSchema, ...errors } },
    };
    s.post("/api/games/:id/join", action, async (request) =>
      joinGame(db, userIdOf(request), request.params.id),
    );
    s.post("/api/games/:id/leave", action, async (request) =>
      leaveGame(db, userIdOf(request), request.params.id),
    );
    s.post("/api/games/:id/cancel", action, async (request) =>
      cancelGame(db, userIdOf(request), request.params.id),
    );
  });
}
