import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";

export async function profileRoutes(_app: FastifyInstance, _options: { db: Db }) {}
