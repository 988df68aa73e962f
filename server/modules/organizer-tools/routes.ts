import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { gameSchema } from "../../../common/games.ts";
import {
  coOrganizerParamsSchema,
  coOrganizersSchema,
  removePlayerInputSchema,
  removePlayerParamsSchema,
  runMessageAnswerSchema,
  runMessageInputSchema,
} from "../../../common/organizer-tools.ts";
import { runIdParamsSchema } from "../../../common/runs.ts";
import { apiErrorSchema } from "../../../common/user.ts";
import { requireUser, userIdOf } from "../../auth/session-plugin.ts";
import type { Db } from "../../db/client.ts";
import { addCoOrganizer, coOrganizersOf, removeCoOrganizer } from "./co-organizers.ts";
import { messageRegulars } from "./message-regulars.ts";
import { removePlayer } from "./remove-player.ts";

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/** The organizer's tools (issue 32 point 9, decision 104). */
export async function organizerToolsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.addHook("onRequest", requireUser);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/games/:id/players/:userId/remove",
    {
      schema: {
        operationId: "removePlayer",
        summary: "The organizer takes a seated player off a game, with a reason they are told.",
        tags: ["games"],
        params: removePlayerParamsSchema,
        body: removePlayerInputSchema,
        response: { 200: gameSchema, ...errors },
      },
    },
    async (request) =>
      removePlayer(db, userIdOf(request), request.params.id, request.params.userId, request.body),
  );

  r.post(
    "/api/runs/:id/message",
    {
      schema: {
        operationId: "messageRegulars",
        summary: "The run's organizer sends one message to all its regulars.",
        tags: ["runs"],
        params: runIdParamsSchema,
        body: runMessageInputSchema,
        response: { 200: runMessageAnswerSchema, 429: apiErrorSchema, ...errors },
      },
    },
    async (request) => messageRegulars(db, userIdOf(request), request.params.id, request.body.body),
  );

  r.get(
    "/api/runs/:id/co-organizers",
    {
      schema: {
        operationId: "getCoOrganizers",
        summary: "A run's co-organizers, by user id.",
        tags: ["runs"],
        params: runIdParamsSchema,
        response: { 200: coOrganizersSchema, ...errors },
      },
    },
    async (request) => coOrganizersOf(db, request.params.id),
  );

  r.put(
    "/api/runs/:id/co-organizers/:userId",
    {
      schema: {
        operationId: "addCoOrganizer",
        summary: "The run's organizer makes one of its regulars a co-organizer.",
        tags: ["runs"],
        params: coOrganizerParamsSchema,
        response: { 200: coOrganizersSchema, ...errors },
      },
    },
    async (request) =>
      addCoOrganizer(db, userIdOf(request), request.params.id, request.params.userId),
  );

  r.delete(
    "/api/runs/:id/co-organizers/:userId",
    {
      schema: {
        operationId: "removeCoOrganizer",
        summary: "The run's organizer takes a co-organizer's tools away; they stay a regular.",
        tags: ["runs"],
        params: coOrganizerParamsSchema,
        response: { 200: coOrganizersSchema, ...errors },
      },
    },
    async (request) =>
      removeCoOrganizer(db, userIdOf(request), request.params.id, request.params.userId),
  );
}
