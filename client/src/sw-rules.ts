/**
 * What the service worker (sw.ts) keeps, as pure rules the tests can call. The worker keeps
 * public reads for the offline screens and map tiles; never a signed-in answer, the live
 * stream, or a write.
 */

/** index.html as built: the app shell every page boots from, offered when a page is not kept. */
export const OFFLINE_SHELL = "/index.html";

/** The public reads the courts, court, game and leaderboard screens make. */
const PUBLIC_READS = /^\/api\/(courts|leaderboard|games|metrics)(\/|$)/;

export function isPublicApiRead(url: URL, request: Pick<Request, "method">): boolean {
  return request.method === "GET" && PUBLIC_READS.test(url.pathname);
}

/** A map tile: an image whose path ends in /{z}/{x}/{y}.ext (Leaflet's URL templates). */
export function isTileRequest(url: URL, request: Pick<Request, "method" | "destination">): boolean {
  return (
    request.method === "GET" &&
    request.destination === "image" &&
    /\/\d+\/\d+\/\d+(@2x)?\.(png|jpe?g|webp)$/.test(url.pathname)
  );
}

/** A successful answer the server did not forbid keeping (signed-in answers are no-store). */
export function storable(response: Response): boolean {
  if (response.status !== 200) return false;
  return !/\bno-store\b/i.test(response.headers.get("cache-control") ?? "");
}

/**
 * A push's one-tap action as the service worker may use it: a title, and a POST to one of this
 * site's own API paths only (a push never makes the browser write elsewhere).
 */
export function pushAction(action: unknown): { title: string; post: string } | null {
  if (typeof action !== "object" || action === null) return null;
  const { title, post } = action as { title?: unknown; post?: unknown };
  if (typeof title !== "string" || title === "" || typeof post !== "string") return null;
  return post.startsWith("/api/") && !post.includes("//") && !post.includes("..")
    ? { title, post }
    : null;
}
