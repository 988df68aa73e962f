import { apiErrorOf } from "@/lib/api.ts";

/** The `errors` of a 400 answer (`{ message, errors: { field: message } }`), when there are any. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const apiError = apiErrorOf(error);
  return apiError?.status === 400 ? (apiError.errors ?? {}) : {};
}
