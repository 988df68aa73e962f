import { withReturnTo } from "@common/return-to.ts";
import { forgetOfflineData } from "@/lib/query-persistence.ts";

// Sign-in and sign-out are full-page navigations (product §1, §7): the server owns the session,
// the login page and the OIDC redirects, so these must never be fetch calls.

/** The page the browser is on: where to come back to after signing in. */
export function currentPage(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

/** To the sign-in page, coming back to this page afterwards (issue 8: back where you were). */
export function signIn() {
  window.location.href = withReturnTo("/api/login", currentPage());
}

export function signOut() {
  forgetOfflineData();
  window.location.href = "/api/logout";
}
