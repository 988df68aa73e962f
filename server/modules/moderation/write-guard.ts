import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { SUSPENDED } from "../../../common/moderation.ts";
import { forbidden } from "../../lib/http-error.ts";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);
/**
 * What a suspended player may still do: sign out, delete their account (their data is theirs),
 * mark their notices read (the one telling them why included) and write to us (an appeal).
 */
const ALWAYS_ALLOWED = [
  /^\/api\/logout(\?|$)/,
  /^\/api\/account\/delete(\?|$)/,
  /^\/api\/notifications(\/|\?|$)/,
  /^\/api\/contact(\?|$)/,
];

/**
 * A suspended player signs in and reads, and every write answers 403 with the end of the
 * suspension (decision 116). The session's read already carries it: no query of its own. A
 * banned player has no session (the session read skips them).
 */
export const writeGuard = fp(async (app: FastifyInstance) => {
  app.addHook("onRequest", async (request) => {
    const until = request.session?.suspendedUntil;
    if (!until || until.getTime() <= Date.now() || READS.has(request.method)) return;
    if (!request.url.startsWith("/api/")) return;
    if (ALWAYS_ALLOWED.some((path) => path.test(request.url))) return;
    throw forbidden(SUSPENDED(untilText(until)));
  });
});

/** In UTC, said so: the server does not know the player's zone, and a wrong time is worse. */
function untilText(until: Date): string {
  return `${until.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}
