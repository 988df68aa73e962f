import type { FastifyReply, FastifyRequest } from "fastify";
import { forbidden } from "../lib/http-error.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing /api requests that a browser sends on behalf of another site.
 * Browsers mark such requests with Sec-Fetch-Site and Origin; SameSite=Lax cookies already
 * stop most of them, and this stops the rest (including same-site subdomains).
 */
export function crossSiteGuard(publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith("/api/")) return;
    // Sec-Fetch-Site is set by the browser itself and cannot be forged by a page; when present
    // it decides (an `Origin: null` from a strict referrer policy does not matter then).
    const fetchSite = request.headers["sec-fetch-site"];
    if (fetchSite !== undefined) {
      if (fetchSite === "same-origin" || fetchSite === "none") return;
      throw forbidden("Cross-site requests are not allowed.");
    }
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const ownOrigins = [publicOrigin, `${request.protocol}://${request.host}`];
    if (!ownOrigins.includes(origin)) throw forbidden("Cross-site requests are not allowed.");
  };
}
