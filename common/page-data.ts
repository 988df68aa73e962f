// The ids of the JSON data elements a page carries: the server writes them, the client reads
// them before it renders.

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
