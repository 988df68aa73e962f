import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { HttpError } from "../../lib/http-error.ts";

export async function healthRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get("/api/healthz", async (request, reply) => {
    try {
      await db.execute(sql`select 1`);
    } catch (error) {
      request.log.error({ err: error }, "health check: database did not answer");
      throw new HttpError(503, "The database is not answering.");
    }
    return reply.header("cache-control", "no-store").send({ status: "ok" });
  });
}
