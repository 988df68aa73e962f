import type { FastifyRequest } from "fastify";
import { badRequest } from "./http-error.ts";

export const UNSTORABLE_TEXT = "The text contains characters that cannot be stored.";

// In a `u` regular expression a surrogate pair is one code point: this matches lone halves only.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
const wellFormedString = (text: string) => !LONE_SURROGATE.test(text);

/** Whether every string in a parsed body, query or params is well-formed UTF-16. */
function isWellFormed(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return wellFormedString(value);
  if (value === null || typeof value !== "object" || depth > 32) return true;
  if (Array.isArray(value)) return value.every((item) => isWellFormed(item, depth + 1));
  return Object.entries(value).every(
    ([key, item]) => wellFormedString(key) && isWellFormed(item, depth + 1),
  );
}

/**
 * A lone UTF-16 surrogate ("\ud800" in JSON) is not text: PostgreSQL's json refuses it (a 500
 * before), and text columns would silently turn it into U+FFFD. Every request is refused with
 * the same 400 before any route sees it, so no schema has to remember the rule.
 */
export async function refuseMalformedText(request: FastifyRequest): Promise<void> {
  if (
    !isWellFormed(request.body) ||
    !isWellFormed(request.query) ||
    !isWellFormed(request.params)
  ) {
    throw badRequest(UNSTORABLE_TEXT);
  }
}
