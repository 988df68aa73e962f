import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { settingsPatchSchema, settingsSchema } from "../../../common/settings.ts";
import { apiErrorSchema } from "../../../common/user.ts";
import { requireUser, userIdOf } from "../../auth/session-plugin.ts";
import type { Db } from "../../db/client.ts";
import { invalidateLeaderboards } from "../leaderboard/shared-boards.ts";
import { nearbyPlayerChanged } from "../players/player-changed.ts";
import { getSettings, updateSettings } from "./service.ts";

/**
 * The caller's own notification and privacy settings (product §2, §7). The user always comes
 * from the session, so nobody can read or change another player's settings. This plugin is
 * its own encapsulation context: the guard covers exactly these routes.
 */
export async function settingsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.addHook("onRequest", requireUser);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/user/settings",
    {
      schema: {
        operationId: "getSettings",
        summary: "The signed-in player's notification and privacy settings.",
        tags: ["settings"],
        response: { 200: settingsSchema, 401: apiErrorSchema },
      },
    },
    async (request) => getSettings(db, userIdOf(request)),
  );

  r.patch(
    "/api/user/settings",
    {
      schema: {
        operationId: "updateSettings",
        summary: "Change some of the signed-in player's settings.",
        tags: ["settings"],
        body: settingsPatchSchema,
        response: { 200: settingsSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const settings = await updateSettings(db, userIdOf(request), request.body);
      // Hidden stats or location leave the leaderboards and nearby lists now, not when the
      // shared answers expire.
      invalidateLeaderboards(db);
      await nearbyPlayerChanged(db, userIdOf(request));
      return settings;
    },
  );
}
