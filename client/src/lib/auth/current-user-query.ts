import type { CurrentUser } from "@common/user.ts";
import { type QueryFunctionContext, queryOptions } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api.ts";
import { OfflineError } from "@/lib/network-status.ts";

const readCurrentUser = getQueryFn<CurrentUser>({ on401: "returnNull" });

/**
 * Spec §4/§8: a 401 is the normal signed-out answer; any other failure (a 500, the network) is
 * logged as 'Auth check failed' and also treated as signed out, with no message to the user.
 * Offline, the player known before stays signed in (issue 31): the server cannot have said
 * otherwise.
 */
async function checkAuth(context: QueryFunctionContext): Promise<CurrentUser | null> {
  try {
    return await readCurrentUser(context);
  } catch (err) {
    const known = context.client.getQueryData<CurrentUser | null>(context.queryKey);
    if (err instanceof OfflineError && known) return known;
    console.error("Auth check failed", err);
    return null;
  }
}

/**
 * One cache entry for the current user: concurrent readers share one request, and because data
 * never goes stale (query-client defaults) a completed check is not repeated until refreshed.
 */
export const currentUserQuery = queryOptions({
  queryKey: ["/api/auth/user"],
  queryFn: checkAuth,
});
