import type { CurrentUser } from "@common/user.ts";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { AppProviders } from "@/app/providers.tsx";
import { createQueryClient } from "@/app/query-client.ts";
import { stubFetch } from "./stub-fetch.ts";

type Handler = Response | ((init?: RequestInit, url?: string) => Response | Promise<Response>);

/**
 * Renders UI with the app's providers (toaster included) and a fake server: the signed-in
 * `user` (null: a visitor, 401) for the auth check and `routes` ("METHOD /path" or "/path"
 * for GET) for the rest; anything else answers 404. A route without a query also answers that
 * path with any query, and a handler function gets the whole URL to read it.
 */
export function renderWithApi(
  ui: ReactElement,
  {
    user,
    routes = {},
    path = "/",
  }: { user: CurrentUser | null; routes?: Record<string, Handler>; path?: string },
) {
  const fetchMock = stubFetch(async (url, init) => {
    const method = init?.method ?? "GET";
    if (url === "/api/auth/user") {
      return user
        ? Response.json(user)
        : Response.json({ message: "Not signed in." }, { status: 401 });
    }
    const find = (key: string) =>
      routes[`${method} ${key}`] ?? (method === "GET" ? routes[key] : undefined);
    const handler = find(url) ?? find(url.split("?")[0] ?? url);
    if (!handler) return Response.json({ message: "Not found." }, { status: 404 });
    return typeof handler === "function" ? handler(init, url) : handler.clone();
  });
  const location = memoryLocation({ path, record: true });
  const view = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AppProviders queryClient={createQueryClient()}>{ui}</AppProviders>
    </Router>,
  );
  return { ...view, fetchMock, location };
}
