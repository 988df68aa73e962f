import { CURRENT_USER_ID, SERVER_STATE_ID } from "@common/page-data.ts";
import type { CurrentUser } from "@common/user.ts";
import { type DehydratedState, hydrate, type QueryClient } from "@tanstack/react-query";
import { currentUserQuery } from "@/lib/auth/current-user-query.ts";

const jsonOf = (doc: Document, id: string) => {
  const text = doc.getElementById(id)?.textContent;
  return text ? (JSON.parse(text) as unknown) : undefined;
};

/**
 * What the server sent with the page, into the query cache before the first render: the data a
 * rendered page shows (server/modules/pages/first-paint.ts) and, on every page the server sends,
 * who is signed in for this request, so the app never asks `GET /api/auth/user` first. The
 * offline shell and the development server carry neither: the app asks as it always did.
 * Returns whether the page's markup came with its data (then the app hydrates it).
 */
export function takeServerState(doc: Document, client: QueryClient): boolean {
  const state = jsonOf(doc, SERVER_STATE_ID) as DehydratedState | undefined;
  if (state) hydrate(client, state);
  const user = jsonOf(doc, CURRENT_USER_ID) as CurrentUser | null | undefined;
  if (user !== undefined) client.setQueryData(currentUserQuery.queryKey, user);
  return state !== undefined;
}
