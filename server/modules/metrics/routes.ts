import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { metricsSchema } from "../../../common/metrics.ts";
import type { Db } from "../../db/client.ts";
import { createMetricsReader } from "./service.ts";

/** Public: the landing page's live counters, for signed-in users and visitors alike. */
export async function metricsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const readMetrics = createMetricsReader(db);

  r.get(
    "/api/metrics",
    {
      schema: {
        operationId: "getMetrics",
        summary: "Counts of players, courts and games played, for the landing page.",
        tags: ["metrics"],
        response: { 200: metricsSchema },
      },
    },
    () => readMetrics(),
  );
}
