import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";

export async function onboardingRoutes(_app: FastifyInstance, _options: { db: Db }) {}
