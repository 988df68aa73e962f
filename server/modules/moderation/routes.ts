import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { idParamsSchema } from "../../../common/id-params.ts";
import {
  auditPageSchema,
  auditQuerySchema,
  operatorMeSchema,
  operatorReportsSchema,
  reportInputSchema,
  reportResultSchema,
  resolveReportInputSchema,
  resolveReportResultSchema,
} from "../../../common/moderation.ts";
import { apiErrorSchema } from "../../../common/user.ts";
import { requireUser, userIdOf } from "../../auth/session-plugin.ts";
import type { Db } from "../../db/client.ts";
import { auditPage, isOperator, openReports, requireOperator, resolveReport } from "./operators.ts";
import { createReport } from "./reports.ts";

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

/** Reports and the operators' tools (decision 116). Signed in only. */
export async function moderationRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.addHook("onRequest", requireUser);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/reports",
    {
      schema: {
        operationId: "createReport",
        summary: "Report a player, a message, a condition report, a court suggestion or a game.",
        tags: ["reports"],
        body: reportInputSchema,
        response: { 201: reportResultSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createReport(db, userIdOf(request), request.body)),
  );

  const operatorOnly = { tags: ["operator"] };

  r.get(
    "/api/operator/me",
    {
      schema: {
        operationId: "getOperatorStatus",
        summary: "Whether the caller is an operator.",
        ...operatorOnly,
        response: { 200: operatorMeSchema, ...errors },
      },
    },
    async (request) => ({ operator: await isOperator(db, userIdOf(request)) }),
  );

  r.get(
    "/api/operator/reports",
    {
      schema: {
        operationId: "listOpenReports",
        summary: "Open reports, oldest first, with their content and context (operators).",
        ...operatorOnly,
        response: { 200: operatorReportsSchema, ...errors },
      },
    },
    async (request) => {
      await requireOperator(db, userIdOf(request));
      return openReports(db);
    },
  );

  r.post(
    "/api/operator/reports/:id/resolve",
    {
      schema: {
        operationId: "resolveReport",
        summary: "Act on an open report: dismiss, hide, warn, suspend or ban (operators).",
        ...operatorOnly,
        params: idParamsSchema("Report not found"),
        body: resolveReportInputSchema,
        response: { 200: resolveReportResultSchema, ...errors },
      },
    },
    async (request) => {
      const operatorId = userIdOf(request);
      await requireOperator(db, operatorId);
      return resolveReport(db, operatorId, request.params.id, request.body);
    },
  );

  r.get(
    "/api/operator/audit",
    {
      schema: {
        operationId: "listAuditLog",
        summary: "The audit log of operator actions, newest first (operators).",
        ...operatorOnly,
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errors },
      },
    },
    async (request) => {
      await requireOperator(db, userIdOf(request));
      return auditPage(db, request.query);
    },
  );
}
