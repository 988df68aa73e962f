import type { CurrentUser } from "@common/user.ts";
import { configure, render } from "@testing-library/react";
import type { ReactElement } from "react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { AppProviders } from "@/app/providers.tsx";
import { createQueryClient } from "@/app/query-client.ts";
import { stubFetch } from "./stub-fetch.ts";

// Pages are lazy chunks; the first import of one in a test run can take more than a second.
configure({ asyncUtilTimeout: 5000 });

type Options = {
  /** The path the in-memory router starts at. */
  path?: string;
  /** What GET /api/auth/user answers: a user, null for a 401 (signed out), or never. */
  user?: CurrentUser | null | "pending";
};

/**
 * Renders UI with the app's providers, a fresh query cache, a fake server for the auth check
 * and an in-memory router (so tests never touch the real history). Call vi.unstubAllGlobals()
 * after each test to restore fetch.
 */
export function renderWithProviders(ui: ReactElement, { path = "/", user = null }: Options = {}) {
  const fetchMock = stubFetch((url) => {
    if (url !== "/api/auth/user") return Response.json({ message: "Not found." }, { status: 404 });
    if (user === "pending") return new Promise<Response>(() => {});
    return user
      ? Response.json(user)
      : Response.json({ message: "Not signed in." }, { status: 401 });
  });
  const location = memoryLocation({ path, record: true });
  const view = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AppProviders queryClient={createQueryClient()}>{ui}</AppProviders>
    </Router>,
  );
  return { ...view, fetchMock, location };
}
