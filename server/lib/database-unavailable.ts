/**
 * Errors that mean "the database is away right now" (PostgreSQL stopped, restarting, its
 * connections terminated, unreachable; PGlite closed) rather than a fault in the request. They
 * are answered 503 with Retry-After, and the server carries on: the pool reconnects by itself
 * once the database answers again.
 */

export const DATABASE_UNAVAILABLE =
  "The service is briefly unavailable. Please try again in a moment.";
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const SQLSTATES = new Set([
  "57P01", // admin_shutdown: pg_terminate_backend, or a fast shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up or shutting down
  "57P05", // idle_session_timeout
  "53300", // too_many_connections
]);
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
const MESSAGES = [
  /^Connection terminated/, // node-postgres: the socket closed under a query
  /^timeout exceeded when trying to connect/, // pg-pool: no connection in time
  /is not queryable$/, // node-postgres: a client whose connection already failed
  /^Cannot use a pool after calling end on the pool/, // shutting down
  /^PGlite is closed/,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause) {
    depth += 1;
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (SQLSTATES.has(code) || code.startsWith("08"))) return true;
    if (typeof code === "string" && SOCKET_CODES.has(code)) return true;
    if (typeof message === "string" && MESSAGES.some((pattern) => pattern.test(message))) {
      return true;
    }
  }
  return false;
}
