import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  gameChancesQuerySchema,
  gameChancesSchema,
  markPresentInputSchema,
  minReliabilityInputSchema,
  myReliabilitySchema,
  showingUpSchema,
} from "../../../common/attendance.ts";
import { gameIdParamsSchema } from "../../../common/games.ts";
import {
  LATE_DROP_HOURS,
  RELIABILITY_DAYS,
  RELIABILITY_MIN_GAMES,
  reliabilityPercent,
  reliabilityShown,
} from "../../../common/reliability.ts";
import { apiErrorSchema } from "../../../common/user.ts";
import { requireUser, userIdOf } from "../../auth/session-plugin.ts";
import type { Db } from "../../db/client.ts";
import { chancesOf } from "./chances.ts";
import { closeAttendance, markPresentByOrganizer } from "./marks.ts";
import { setMinReliability } from "./min-reliability.ts";
import { reliabilityOfOne } from "./reliability.ts";
import { showingUpOf } from "./showing-up.ts";

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const params = gameIdParamsSchema;
const tags = ["attendance"];
const done = z.object({ ok: z.literal(true) });

/** Showing up counts (decision 100): attendance, reliability and the chance a game fills. */
export async function attendanceRoutes(app: FastifyInstance, { db }: { db: Db }) {
  // Public, as the lists it serves are: a chance per game, never a player's record.
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/games/chances",
    {
      schema: {
        operationId: "getGameChances",
        summary:
          "Will it happen? The chance each listed upcoming game reaches its minimum and fills.",
        tags,
        querystring: gameChancesQuerySchema,
        response: { 200: gameChancesSchema, 400: apiErrorSchema },
      },
    },
    async (request) => ({ chances: await chancesOf(db, request.query.ids) }),
  );

  await app.register(async (signedIn) => {
    signedIn.addHook("onRequest", requireUser);
    const s = signedIn.withTypeProvider<ZodTypeProvider>();

    s.get(
      "/api/games/:id/showing-up",
      {
        schema: {
          operationId: "getShowingUp",
          summary:
            "A game's seated players and line with their records, and its chance of filling.",
          tags,
          params,
          response: {
            200: showingUpSchema,
            400: apiErrorSchema,
            401: apiErrorSchema,
            404: apiErrorSchema,
          },
        },
      },
      async (request) => showingUpOf(db, request.params.id),
    );

    s.post(
      "/api/games/:id/attendance",
      {
        schema: {
          operationId: "markPresent",
          summary: "The organizer marks a seated player present (in the 48 h after the start).",
          tags,
          params,
          body: markPresentInputSchema,
          response: { 200: done, ...errors },
        },
      },
      async (request) => {
        await markPresentByOrganizer(db, userIdOf(request), request.params.id, request.body.userId);
        return { ok: true as const };
      },
    );

    s.post(
      "/api/games/:id/attendance/close",
      {
        schema: {
          operationId: "closeAttendance",
          summary: "The organizer closes attendance: seats not marked present are no-shows.",
          tags,
          params,
          response: { 200: done, ...errors },
        },
      },
      async (request) => {
        await closeAttendance(db, userIdOf(request), request.params.id);
        return { ok: true as const };
      },
    );

    s.put(
      "/api/games/:id/min-reliability",
      {
        schema: {
          operationId: "setMinReliability",
          summary: "The organizer sets the lowest reliability a player needs to join (or none).",
          tags,
          params,
          body: minReliabilityInputSchema,
          response: { 200: minReliabilityInputSchema, ...errors },
        },
      },
      async (request) =>
        setMinReliability(db, userIdOf(request), request.params.id, request.body.minReliability),
    );

    s.get(
      "/api/me/reliability",
      {
        schema: {
          operationId: "getMyReliability",
          summary: "The signed-in player's own record and what it counts.",
          tags,
          response: { 200: myReliabilitySchema, 401: apiErrorSchema },
        },
      },
      async (request) => {
        const record = await reliabilityOfOne(db, userIdOf(request));
        return {
          record,
          shown: reliabilityShown(record),
          percent: reliabilityPercent(record),
          days: RELIABILITY_DAYS,
          minGames: RELIABILITY_MIN_GAMES,
          lateDropHours: LATE_DROP_HOURS,
        };
      },
    );
  });
}
