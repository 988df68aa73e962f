import type { ApiError } from "@common/user.ts";
import { HttpError } from "@/lib/api.ts";

/**
 * The API's `{ message, errors? }` of a failed call with its status, when the body is one.
 * (The waitlist and profile features read the same shape; features do not import each other.)
 */
export function gameApiError(error: unknown): (ApiError & { status: number }) | undefined {
  if (!(error instanceof HttpError)) return undefined;
  try {
    const body = JSON.parse(error.body) as Partial<ApiError>;
    if (typeof body.message !== "string") return undefined;
    return { status: error.status, message: body.message, errors: body.errors };
  } catch {
    return undefined;
  }
}
