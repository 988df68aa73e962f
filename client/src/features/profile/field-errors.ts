import { HttpError } from "@/lib/api.ts";

/**
 * The `errors` of a 400 answer (`{ message, errors: { field: message } }`), when there are any.
 * (The waitlist feature reads the same shape; a shared helper in lib/ would serve both.)
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof HttpError) || error.status !== 400) return {};
  try {
    const body = JSON.parse(error.body) as { errors?: Record<string, string> };
    return body.errors ?? {};
  } catch {
    return {};
  }
}
