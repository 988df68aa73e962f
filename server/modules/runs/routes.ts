import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { WHEN_REQUIRED } from "../../../common/game-limits.ts";
import {
  changeRunInputSchema,
  createRunInputSchema,
  endRunInputSchema,
  followRunInputSchema,
  RUN_DATE_MESSAGE,
  runIdParamsSchema,
  runSchema,
} from "../../../common/runs.ts";
import { apiErrorSchema } from "../../../common/user.ts";
import { requireUser, userIdOf } from "../../auth/session-plugin.ts";
import type { Db } from "../../db/client.ts";
import { runCalendar } from "./calendar.ts";
import { followRun, unfollowRun } from "./regulars.ts";
import { changeRun, createRun, endRun, getRun, moveRunDate, runWithAllDates } from "./service.ts";

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

const runDateParamsSchema = runIdParamsSchema.extend({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, RUN_DATE_MESSAGE),
});
const moveInputSchema = z.object({
  scheduledAt: z
    .string({ error: WHEN_REQUIRED })
    .pipe(z.iso.datetime({ offset: true, error: "The new time must be ISO 8601" })),
});

/** Runs: games that repeat on the court's clock (issue 32, decision 098). */
export async function runsRoutes(
  app: FastifyInstance,
  { db, publicUrl }: { db: Db; publicUrl: string },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/runs/:id",
    {
      schema: {
        operationId: "getRun",
        summary: "A run: its rule on the court's clock and its dates to come.",
        tags: ["runs"],
        params: runIdParamsSchema,
        response: { 200: runSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => getRun(db, request.params.id),
  );

  r.get(
    "/api/runs/:id.ics",
    {
      schema: {
        operationId: "getRunCalendar",
        summary: "A run as an iCalendar file: its RRULE, EXDATEs and moved dates.",
        tags: ["runs"],
        params: runIdParamsSchema,
        produces: ["text/calendar"],
        response: {
          200: z.string().describe("An RFC 5545 calendar with the run's recurring event."),
          400: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { run, dates } = await runWithAllDates(db, request.params.id);
      return reply
        .type("text/calendar; charset=utf-8")
        .header("content-disposition", `attachment; filename="run-${run.id}.ics"`)
        .send(runCalendar(run, dates, publicUrl));
    },
  );

  await app.register(async (signedIn) => {
    signedIn.addHook("onRequest", requireUser);
    const s = signedIn.withTypeProvider<ZodTypeProvider>();

    s.post(
      "/api/runs",
      {
        schema: {
          operationId: "createRun",
          summary: "Make a game repeat weekly; its dates of the next weeks are made at once.",
          tags: ["runs"],
          body: createRunInputSchema,
          response: { 201: runSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createRun(db, userIdOf(request), request.body)),
    );

    s.patch(
      "/api/runs/:id",
      {
        schema: {
          operationId: "changeRun",
          summary: "Change the run's time, seats or title from a date on.",
          tags: ["runs"],
          params: runIdParamsSchema,
          body: changeRunInputSchema,
          response: { 200: runSchema, ...errors },
        },
      },
      async (request) => changeRun(db, userIdOf(request), request.params.id, request.body),
    );

    s.post(
      "/api/runs/:id/end",
      {
        schema: {
          operationId: "endRun",
          summary: "End the run: no new dates; those made are kept unless cancelUpcoming.",
          tags: ["runs"],
          params: runIdParamsSchema,
          body: endRunInputSchema.optional(),
          response: { 200: runSchema, ...errors },
        },
      },
      async (request) =>
        endRun(db, userIdOf(request), request.params.id, request.body ?? { cancelUpcoming: false }),
    );

    s.put(
      "/api/runs/:id/regular",
      {
        schema: {
          operationId: "followRun",
          summary: "Follow the run as a regular; countMeIn seats the caller on each new date.",
          tags: ["runs"],
          params: runIdParamsSchema,
          body: followRunInputSchema,
          response: { 200: runSchema, ...errors },
        },
      },
      async (request) => {
        await followRun(db, userIdOf(request), request.params.id, request.body.countMeIn);
        return getRun(db, request.params.id);
      },
    );

    s.delete(
      "/api/runs/:id/regular",
      {
        schema: {
          operationId: "unfollowRun",
          summary: "Stop following the run; seats already taken stay.",
          tags: ["runs"],
          params: runIdParamsSchema,
          response: { 200: runSchema, ...errors },
        },
      },
      async (request) => {
        await unfollowRun(db, userIdOf(request), request.params.id);
        return getRun(db, request.params.id);
      },
    );

    s.patch(
      "/api/runs/:id/dates/:date",
      {
        schema: {
          operationId: "moveRunDate",
          summary: "Move one date of the run to another time; the others stay.",
          tags: ["runs"],
          params: runDateParamsSchema,
          body: moveInputSchema,
          response: { 200: runSchema, ...errors },
        },
      },
      async (request) =>
        moveRunDate(
          db,
          userIdOf(request),
          request.params.id,
          request.params.date,
          new Date(request.body.scheduledAt),
        ),
    );
  });
}
