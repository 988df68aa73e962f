import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  conditionConfirmInputSchema,
  conditionReportInputSchema,
  conditionReportListSchema,
  conditionReportSchema,
} from "../../../common/court-conditions.ts";
import { courtIdParamsSchema } from "../../../common/courts.ts";
import { idParamsSchema } from "../../../common/id-params.ts";
import { apiErrorSchema } from "../../../common/user.ts";
import { requireUser, userIdOf } from "../../auth/session-plugin.ts";
import type { Db } from "../../db/client.ts";
import { confirmCondition, liveConditions, reportCondition } from "./service.ts";

const tags = ["courts"];
const writeErrors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};
const reportIdParamsSchema = idParamsSchema("Report id must be a positive whole number");

/** Condition reports: anyone reads a court's live ones; players at the court report and confirm. */
export async function courtConditionsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/courts/:id/conditions",
    {
      schema: {
        operationId: "listCourtConditions",
        summary: "The court's live condition reports, the latest per subject.",
        tags,
        params: courtIdParamsSchema,
        response: { 200: conditionReportListSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => liveConditions(db, request.params.id, request.session?.userId ?? null),
  );

  await app.register(async (signedIn) => {
    signedIn.addHook("onRequest", requireUser);
    const s = signedIn.withTypeProvider<ZodTypeProvider>();

    s.post(
      "/api/courts/:id/conditions",
      {
        schema: {
          operationId: "reportCourtCondition",
          summary:
            "Report what the caller sees at the court; an identical live report is confirmed instead.",
          tags,
          params: courtIdParamsSchema,
          body: conditionReportInputSchema,
          response: { 200: conditionReportSchema, 201: conditionReportSchema, ...writeErrors },
        },
      },
      async (request, reply) => {
        const { report, created } = await reportCondition(
          db,
          userIdOf(request),
          request.params.id,
          request.body,
        );
        return reply.status(created ? 201 : 200).send(report);
      },
    );

    s.post(
      "/api/court-conditions/:id/confirm",
      {
        schema: {
          operationId: "confirmCourtCondition",
          summary: "Say a live report is still true, so it lasts longer.",
          tags,
          params: reportIdParamsSchema,
          body: conditionConfirmInputSchema,
          response: { 200: conditionReportSchema, ...writeErrors },
        },
      },
      async (request) =>
        confirmCondition(db, userIdOf(request), request.params.id, request.body.position),
    );
  });
}
