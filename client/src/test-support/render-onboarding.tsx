import type { LocationSuggestion } from "@common/onboarding.ts";
import type { CurrentUser } from "@common/user.ts";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { AppProviders } from "@/app/providers.tsx";
import { createQueryClient } from "@/app/query-client.ts";
import { stubFetch } from "@/test-support/stub-fetch.ts";
import { testUser } from "@/test-support/test-user.ts";

/** Answers one call: the path with its query, and the parsed JSON body if any. */
export type FakeRoute = (request: { url: URL; body: unknown }) => Response | Promise<Response>;

/**
 * Renders onboarding UI with the app's providers and a fake API: `routes` maps
 * "METHOD /path" to an answer; GET /api/auth/user answers `user` (which a route may change,
 * as the server would). Every call is recorded. Undo with vi.unstubAllGlobals().
 */
export function renderOnboarding(
  ui: ReactElement,
  {
    user = testUser(),
    routes = {},
    path = "/onboarding",
  }: { user?: CurrentUser; routes?: Record<string, FakeRoute>; path?: string },
) {
  const state = { user };
  const calls: { method: string; path: string; search: string; body: unknown }[] = [];
  const fetchMock = stubFetch(async (raw, init) => {
    const url = new URL(raw, "http://localhost");
    const method = init?.method ?? "GET";
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: url.pathname, search: url.search, body });
    if (method === "GET" && url.pathname === "/api/auth/user") return Response.json(state.user);
    const route = routes[`${method} ${url.pathname}`];
    if (!route) return Response.json({ message: "Not found." }, { status: 404 });
    return route({ url, body });
  });
  const location = memoryLocation({ path, record: true });
  const view = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AppProviders queryClient={createQueryClient()}>{ui}</AppProviders>
    </Router>,
  );
  const callsTo = (method: string, path: string) =>
    calls.filter((c) => c.method === method && c.path === path);
  return { ...view, fetchMock, location, state, calls, callsTo, user: userEvent.setup() };
}

export const AUSTIN: LocationSuggestion = {
  id: 1,
  city: "Austin",
  state: "TX",
  country: "US",
  latitude: 30.26715,
  longitude: -97.74306,
  population: 961_855,
};
export const AUSTIN_MN: LocationSuggestion = {
  id: 2,
  city: "Austin",
  state: "MN",
  country: "US",
  latitude: 43.66663,
  longitude: -92.97464,
  population: 24_718,
};
export const SMALLVILLE: LocationSuggestion = {
  id: 3,
  city: "Austinburg",
  state: "OH",
  country: "US",
  latitude: 41.77,
  longitude: -80.85,
  population: 512,
};

/** A fake city search: names starting with the query, like the server's prefix match. */
export const searchRoute =
  (places: LocationSuggestion[] = [AUSTIN, AUSTIN_MN, SMALLVILLE]): FakeRoute =>
  ({ url }) => {
    const q = (url.searchParams.get("q") ?? "").toLowerCase();
    return Response.json(places.filter((p) => p.city.toLowerCase().startsWith(q)));
  };
