// Sign-in and sign-out are full-page navigations (spec §1, §7): the server owns the session,
// the login page and the OIDC redirects, so these must never be fetch calls.

export function signIn() {
  window.location.href = "/api/login";
}

export function signOut() {
  window.location.href = "/api/logout";
}
