import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { DATABASE_RETRY_AFTER_SECONDS } from "../../lib/database-unavailable.ts";
import { HttpError } from "../../lib/http-error.ts";

export async function healthRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get("/api/healthz", async (request, reply) => {
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
    return reply.header("cache-control", "no-store").send({ status: "ok" });
  });
}
