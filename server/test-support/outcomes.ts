import { HttpError } from "../lib/http-error.ts";

/** The HTTP status a service call settled with: 200 when it succeeded, 500 for a crash. */
export const statusOf = (outcome: PromiseSettledResult<unknown>) =>
  outcome.status === "fulfilled"
    ? 200
    : outcome.reason instanceof HttpError
      ? outcome.reason.statusCode
      : 500;
