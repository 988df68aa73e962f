import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { AppProviders } from "@/app/providers.tsx";
import { createQueryClient } from "@/app/query-client.ts";
import { stubFetch } from "@/test-support/stub-fetch.ts";

/** What GET /api/metrics answers in a test: a body (as 200 JSON), a status, or never. */
export type MetricsAnswer = { body: unknown } | { status: number } | "pending";

/**
 * Renders landing UI with the app's providers, a signed-out visitor, a fake GET /api/metrics
 * and an in-memory router. Call vi.unstubAllGlobals() after each test to restore fetch.
 */
export function renderLanding(ui: ReactElement, metrics: MetricsAnswer = { body: {} }) {
  const fetchMock = stubFetch((url) => {
    if (url === "/api/metrics") {
      if (metrics === "pending") return new Promise<Response>(() => {});
      return "body" in metrics
        ? Response.json(metrics.body)
        : Response.json({ message: "Failed." }, { status: metrics.status });
    }
    if (url === "/api/auth/user") return Response.json({ message: "No." }, { status: 401 });
    return Response.json({ message: "Not found." }, { status: 404 });
  });
  const location = memoryLocation({ path: "/", record: true });
  const view = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AppProviders queryClient={createQueryClient()}>{ui}</AppProviders>
    </Router>,
  );
  return { ...view, fetchMock, location };
}
