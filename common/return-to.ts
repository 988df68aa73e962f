/**
 * "Back where you were": the page a visitor was on when they had to sign in (`/game/12`,
 * `/profile`), carried through the sign-in page, OIDC and onboarding as `returnTo`.
 *
 * Only a path of this site is ever accepted, so the parameter cannot send anyone elsewhere
 * (an open redirect): it must start with one "/" (not "//" or "/\", which browsers read as
 * another host), hold no backslash, control character or whitespace, and not be an API path
 * (an API answer is no page, and /api/logout would sign the player straight out again).
 */
export const RETURN_TO_MAX = 512;

// One leading slash not followed by another or a backslash; no backslash or whitespace after.
const SAFE_PATH = /^\/(?![/\\])[^\\\s]*$/;
const hasControlCharacter = (text: string) =>
  [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

export function safeReturnTo(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length === 0 || value.length > RETURN_TO_MAX) {
    return undefined;
  }
  if (!SAFE_PATH.test(value) || hasControlCharacter(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, "http://bwb.invalid");
  } catch {
    return undefined;
  }
  // Whatever the browser would make of it must still be this site's path.
  if (url.origin !== "http://bwb.invalid" || url.pathname.startsWith("//")) return undefined;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (path === "/api" || path.startsWith("/api/") || path.startsWith("/api?")) return undefined;
  return path;
}

/** `path` with `?returnTo=` added when there is a safe place to return to. */
export function withReturnTo(path: string, returnTo: string | undefined): string {
  const safe = safeReturnTo(returnTo);
  if (!safe || safe === "/") return path;
  const separator = path.includes("?") ? "&" : "?";
  return `${path}${separator}returnTo=${encodeURIComponent(safe)}`;
}
