import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createGameInputSchema,
  gameIdParamsSchema,
  gameListSchema,
  gameSchema,
  participantListSchema,
  upcomingGamesQuerySchema,
} from "../../../common/games.ts";
import { apiErrorSchema } from "../../../common/user.ts";
import { callerOf, requireUser, userIdOf } from "../../auth/session-plugin.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { notModifiedSchema, sendEncoded, sendJsonText } from "../../lib/encoded-answers.ts";
import { badRequest } from "../../lib/http-error.ts";
import { countedWrite } from "../../limits/write-limits.ts";
import type { LiveHub } from "../events/hub.ts";
import { gameCalendar } from "./calendar.ts";
import { getGame, listParticipants, type Position } from "./game-reads.ts";
import {
  cancelGame,
  createGame,
  gamesOrganizedBy,
  gamesPlayedIn,
  joinGame,
  leaveGame,
} from "./service.ts";
import { createUpcomingAnswers } from "./upcoming-answers.ts";

/** A signed-in viewer's saved position, if any: distances to games are measured from it. */
async function savedPosition(db: Db, request: FastifyRequest): Promise<Position | null> {
  if (!request.session) return null;
  // Read with the session (session-plugin.ts), except right after a sign-in.
  const known = request.session.user;
  const [row] = known
    ? [known]
    : await db
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
const gameErrors = { 400: apiErrorSchema, 404: apiErrorSchema };

/** Pickup games (spec §2 game detail, §4 join/leave, §7 games calls). */
export async function gamesRoutes(
  app: FastifyInstance,
  { db, publicUrl, hub }: { db: Db; publicUrl: string; hub?: Pick<LiveHub, "onEvent"> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const upcomingAnswers = createUpcomingAnswers(db, hub);
  app.addHook("onClose", async () => upcomingAnswers.stop());

  // ── Public: visitors see games and who plays (spec §6: /game/{id} is for everyone). ──

  r.get(
    "/api/games/upcoming",
    {
      schema: {
        operationId: "listUpcomingGames",
        summary: "Games not started yet, nearest first when a position is known.",
        tags: ["games"],
        querystring: upcomingGamesQuerySchema,
        response: { 200: gameListSchema, 304: notModifiedSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { lat, lng } = request.query;
      if ((lat === undefined) !== (lng === undefined)) {
        throw badRequest("Give both lat and lng, or neither", { lng: "lng goes with lat" });
      }
      const position =
        lat !== undefined && lng !== undefined
          ? { latitude: lat, longitude: lng }
          : await savedPosition(db, request);
      if (position) {
        // JSON made from games encoded once for every viewer (upcoming-near.ts): sent as it is.
        const page = await upcomingAnswers.near(request.query, position);
        return sendJsonText(reply, page);
      }
      // Without a position every viewer gets the same list: shared (upcoming-answers.ts).
      return sendEncoded(request, reply, await upcomingAnswers.list(request.query));
    },
  );

  r.get(
    "/api/games/:id",
    {
      schema: {
        operationId: "getGame",
        summary: "One game: when, where, seats and result.",
        tags: ["games"],
        params: gameIdParamsSchema,
        response: { 200: gameSchema, ...gameErrors },
      },
    },
    async (request) => getGame(db, request.params.id, await savedPosition(db, request)),
  );

  r.get(
    "/api/games/:id/participants",
    {
      schema: {
        operationId: "listGameParticipants",
        summary: "The players holding a seat in a game.",
        tags: ["games"],
        params: gameIdParamsSchema,
        response: { 200: participantListSchema, ...gameErrors },
      },
    },
    async (request) => listParticipants(db, request.params.id),
  );

  r.get(
    "/api/games/:id/calendar.ics",
    {
      schema: {
        operationId: "getGameCalendar",
        summary: "A game as an iCalendar (.ics) event.",
        tags: ["games"],
        params: gameIdParamsSchema,
        produces: ["text/calendar"],
        response: {
          200: z.string().describe("An RFC 5545 calendar with the game's event."),
          ...gameErrors,
        },
      },
    },
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
      {
        schema: {
          operationId: "createGame",
          summary: "Organize a game at a court; the organizer holds the first seat.",
          tags: ["games"],
          body: createGameInputSchema,
          response: { 201: gameSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createGame(db, userIdOf(request), request.body)),
    );

    s.get(
      "/api/games/my",
      {
        schema: {
          operationId: "listMyGames",
          summary: "Games the signed-in player holds a seat in.",
          tags: ["games"],
          response: { 200: gameListSchema, 401: apiErrorSchema },
        },
      },
      async (request) => gamesPlayedIn(db, userIdOf(request)),
    );

    s.get(
      "/api/games/my-games",
      {
        schema: {
          operationId: "listOrganizedGames",
          summary: "Games the signed-in player organizes.",
          tags: ["games"],
          response: { 200: gameListSchema, 401: apiErrorSchema },
        },
      },
      async (request) => gamesOrganizedBy(db, userIdOf(request)),
    );

    const action = (operationId: string, summary: string) => ({
      schema: {
        operationId,
        summary,
        tags: ["games"],
        params: gameIdParamsSchema,
        response: { 200: gameSchema, ...errors },
      },
    });
    // The hot writes count the write limit in their seat transaction (decisions §61), whose
    // first statement also finds the session (§89).
    const inTransaction = {
      config: { countsWriteInTransaction: true, sessionInTransaction: true },
    };
    s.post(
      "/api/games/:id/join",
      { ...action("joinGame", "Take a seat in a game (409 when it is full)."), ...inTransaction },
      async (request) =>
        countedWrite(request, (count) => joinGame(db, callerOf(request), request.params.id, count)),
    );
    s.post(
      "/api/games/:id/leave",
      {
        ...action("leaveGame", "Give up the signed-in player's seat in a game."),
        ...inTransaction,
      },
      async (request) =>
        countedWrite(request, (count) =>
          leaveGame(db, callerOf(request), request.params.id, count),
        ),
    );
    s.post(
      "/api/games/:id/cancel",
      action("cancelGame", "Cancel a game the signed-in player organizes."),
      async (request) => cancelGame(db, userIdOf(request), request.params.id),
    );
  });
}
