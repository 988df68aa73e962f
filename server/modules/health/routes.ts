import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema } from "../../../common/user.ts";
import type { Db } from "../../db/client.ts";
import { DATABASE_RETRY_AFTER_SECONDS } from "../../lib/database-unavailable.ts";
import { HttpError } from "../../lib/http-error.ts";
import { NOT_READY, type Readiness } from "./readiness.ts";

const healthSchema = z.object({ status: z.literal("ok") });
const readySchema = z.object({
  status: z.literal("ready"),
  checks: z.record(z.string(), z.literal("ok")),
});
/** What a ready instance reports as checked. */
const CHECKED = ["database", "migrations", "jobs", "listen"] as const;

export async function healthRoutes(
  app: FastifyInstance,
  { db, readiness }: { db: Db; readiness: Readiness },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/healthz",
    {
      schema: {
        operationId: "getHealth",
        summary: "Whether the service and its database are answering.",
        tags: ["system"],
        response: { 200: healthSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      try {
        await db.execute(sql`select 1`);
      } catch (error) {
        request.log.warn({ err: error }, "health check: database did not answer");
        reply.header("cache-control", "no-store");
        throw new HttpError(
          503,
          "The database is not answering.",
          undefined,
          DATABASE_RETRY_AFTER_SECONDS,
        );
      }
      return reply.header("cache-control", "no-store").send({ status: "ok" as const });
    },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/readyz",
    {
      schema: {
        operationId: "getReadiness",
        summary: "Whether this instance can serve; 503 from the moment shutdown begins.",
        description:
          "Ready when the database answers with this build's migrations, the job queue runs and the live events' LISTEN connection is up. A 503 names each failing check in `errors`.",
        tags: ["system"],
        response: { 200: readySchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const failing = await readiness.failing();
      if (failing.length > 0) {
        request.log.info({ failing }, "not ready");
        const errors = Object.fromEntries(failing.map((check) => [check, NOT_READY[check]]));
        throw new HttpError(503, `Not ready: ${failing.join(", ")}.`, errors);
      }
      const checks = Object.fromEntries(CHECKED.map((check) => [check, "ok" as const]));
      return reply.send({ status: "ready" as const, checks });
    },
  );
}
