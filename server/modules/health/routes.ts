import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema } from "../../../common/user.ts";
import type { Db } from "../../db/client.ts";
import { DATABASE_RETRY_AFTER_SECONDS } from "../../lib/database-unavailable.ts";
import { HttpError } from "../../lib/http-error.ts";

const healthSchema = z.object({ status: z.literal("ok") });

export async function healthRoutes(app: FastifyInstance, { db }: { db: Db }) {
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
}
