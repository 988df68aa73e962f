import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * What the API answers a signed-in player is theirs alone: no browser cache, shared cache or
 * back-forward cache may keep it for the next person at the same computer. The same goes for an
 * answer that sets a cookie (a sign-in).
 */
export async function noStoreWhenSignedIn(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (!request.url.startsWith("/api/")) return payload;
  if (request.session || reply.hasHeader("set-cookie")) reply.header("cache-control", "no-store");
  return payload;
}
