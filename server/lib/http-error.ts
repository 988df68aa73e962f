/** An error whose message is safe to show the user, with the HTTP status it maps to. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    /** Seconds after which trying again makes sense: sent as Retry-After (429, 503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new HttpError(400, message, errors);
export const unauthorized = (message = "You need to sign in first.") => new HttpError(401, message);
export const forbidden = (message = "You are not allowed to do that.") =>
  new HttpError(403, message);
export const notFound = (message = "Not found.") => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (
  message = "Too many requests. Please try again later.",
  retryAfterSeconds?: number,
) => new HttpError(429, message, undefined, retryAfterSeconds);
