import type { ApiError } from "@common/user.ts";
import type { QueryFunction } from "@tanstack/react-query";
import { fetchOrOffline } from "./network-status.ts";

/** A non-ok HTTP answer; the message follows product §8: "{status}: {body text or status text}". */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = "HttpError";
  }
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const body = await response.text();
  throw new HttpError(response.status, body, response.statusText);
}

/** Sends a write (or any call); a JSON body and its Content-Type only when there is a payload. */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const hasPayload = data !== undefined;
  const response = await fetchOrOffline(url, {
    method,
    headers: hasPayload ? { "Content-Type": "application/json" } : {},
    body: hasPayload ? JSON.stringify(data) : undefined,
    credentials: "include",
  });
  await throwIfNotOk(response);
  return response;
}

/**
 * A GET of a paged list: its items and how many match in all (the X-Total-Count header, as
 * GET /api/courts sends it; the item count when the header is missing).
 */
export async function getList<T>(url: string): Promise<{ items: T[]; total: number }> {
  const response = await fetchOrOffline(url, { credentials: "include" });
  await throwIfNotOk(response);
  const items = (await response.json()) as T[];
  const header = response.headers.get("x-total-count");
  return { items, total: header === null ? items.length : Number(header) };
}

type On401 = "returnNull" | "throw";

/**
 * A read: GET the URL in queryKey[0] (later elements, such as filters, only key the cache).
 * With on401 "returnNull" a 401 means "no data" instead of an error (product §8).
 * The query's abort signal is deliberately not used: reading it lets TanStack Query cancel the
 * request when the last reader unmounts (StrictMode does that once), which would make the auth
 * check run twice instead of once.
 */
export function getQueryFn<T>(options: { on401: "returnNull" }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: "throw" }): QueryFunction<T>;
export function getQueryFn<T>({ on401 }: { on401: On401 }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const response = await fetchOrOffline(String(queryKey[0]), { credentials: "include" });
    if (on401 === "returnNull" && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}

/** The API's `{ message, errors? }` of a failed call with its status, when the body is one. */
export function apiErrorOf(error: unknown): (ApiError & { status: number }) | undefined {
  if (!(error instanceof HttpError)) return undefined;
  try {
    const body = JSON.parse(error.body) as Partial<ApiError>;
    if (typeof body.message !== "string") return undefined;
    return { status: error.status, message: body.message, errors: body.errors };
  } catch {
    return undefined;
  }
}
