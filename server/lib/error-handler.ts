import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE,
  isDatabaseUnavailable,
} from "./database-unavailable.ts";
import { HttpError } from "./http-error.ts";
import { UNSTORABLE_TEXT } from "./well-formed-input.ts";

function fieldOf(instancePath: string, params: unknown): string {
  const fromPath = instancePath.replace(/^\//, "").replaceAll("/", ".");
  if (fromPath) return fromPath;
  const issue = (params as { issue?: { path?: PropertyKey[] } } | undefined)?.issue;
  return issue?.path?.map(String).join(".") || "body";
}

// PostgreSQL refuses U+0000 and invalid byte sequences in text: that is bad input, not a 500.
const UNSTORABLE_TEXT_CODES = new Set(["22021", "22P05"]);
function isUnstorableText(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (UNSTORABLE_TEXT_CODES.has(String((e as { code?: unknown }).code))) return true;
  }
  return false;
}

/** One error shape for the whole API: `{ message, errors? }`; 5xx texts are never shown. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const v of error.validation) {
        const field = fieldOf(v.instancePath, v.params);
        errors[field] ??= v.message ?? "Invalid value";
      }
      const first = Object.values(errors)[0];
      return reply.status(400).send({ message: first ?? "Invalid input.", errors });
    }
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) {
        reply.header("retry-after", String(error.retryAfterSeconds));
      }
      return reply
        .status(error.statusCode)
        .send(
          error.errors
            ? { message: error.message, errors: error.errors }
            : { message: error.message },
        );
    }
    if (isUnstorableText(error)) {
      return reply.status(400).send({ message: UNSTORABLE_TEXT });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type).
      const message =
        error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError
          ? "The request body is not valid JSON."
          : error.code === "FST_ERR_CTP_BODY_TOO_LARGE"
            ? "The request body is too large."
            : error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE"
              ? "Unsupported content type."
              : error.message;
      return reply.status(status).send({ message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      return reply
        .status(503)
        .header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ message: DATABASE_UNAVAILABLE });
    }
    request.log.error({ err: error }, "request failed");
    return reply
      .status(500)
      .send({ message: "Something went wrong on our side. Please try again." });
  });
}
