import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { apiErrorSchema, currentUserSchema } from "../../../common/user.ts";
import { requireUser, userIdOf } from "../../auth/session-plugin.ts";
import type { Db } from "../../db/client.ts";
import { unauthorized } from "../../lib/http-error.ts";
import { getCurrentUser } from "./current-user.ts";

/** The signed-in user's card (product §3): what the app shows of who is signed in. */
export async function userRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.addHook("onRequest", requireUser);
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/auth/user",
    {
      schema: {
        operationId: "getCurrentUser",
        summary: "The signed-in user, with their profile and onboarding state.",
        tags: ["auth"],
        response: { 200: currentUserSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const user = await getCurrentUser(db, userIdOf(request));
      if (!user) throw unauthorized();
      return user;
    },
  );
}
