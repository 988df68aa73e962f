// The ids of the JSON data elements a page carries, in a module of their own: the courts
// snapshot script (client/src/courts-snapshot.ts) reads the server's state without the page
// table of pages.ts.

/**
 * The id of the <script type="application/json"> holding the queries the server rendered a
 * visitor's page with (TanStack Query's dehydrated state): written by server/modules/pages/,
 * read by the client's main.tsx before it hydrates.
 */
export const SERVER_STATE_ID = "server-state";

/**
 * The id of the <script type="application/json"> holding who is signed in for the request that
 * fetched the page (`GET /api/auth/user`'s answer, null for a visitor), on every page the server
 * sends: the browser starts with it instead of asking (issue 13).
 */
export const CURRENT_USER_ID = "current-user";

/**
 * Marks the app's entry on a page whose own script starts the app (the `/courts` snapshot,
 * decisions §75): the server preloads the entry (`<link rel="preload" as="script" crossorigin …
 * data-app-entry>`) instead of running it, and the page's script imports it once its first
 * picture is drawn.
 */
export const APP_ENTRY_ATTRIBUTE = "data-app-entry";
