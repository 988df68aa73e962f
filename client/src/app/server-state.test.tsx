import { CURRENT_USER_ID, SERVER_STATE_ID } from "@common/page-data.ts";
import { dehydrate, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/app/query-client.ts";
import { AuthProvider } from "@/lib/auth/auth-provider.tsx";
import { useAuth } from "@/lib/auth/use-auth.ts";
import { stubFetch } from "@/test-support/stub-fetch.ts";
import { testUser } from "@/test-support/test-user.ts";
import { takeServerState } from "./server-state.ts";

function AuthProbe() {
  const { isLoading, isAuthenticated, user } = useAuth();
  const state = isLoading
    ? "loading"
    : isAuthenticated
      ? `signed in as ${user?.firstName}`
      : "signed out";
  return <p>{state}</p>;
}

/** A page as the server sends it: scripts of JSON after #root. */
function pageWith(scripts: Record<string, unknown>): Document {
  const doc = document.implementation.createHTMLDocument("page");
  doc.body.innerHTML = '<div id="root"></div>';
  for (const [id, value] of Object.entries(scripts)) {
    const script = doc.createElement("script");
    script.type = "application/json";
    script.id = id;
    script.textContent = JSON.stringify(value);
    doc.body.append(script);
  }
  return doc;
}

function startApp(doc: Document) {
  const client = createQueryClient();
  const rendered = takeServerState(doc, client);
  render(
    <StrictMode>
      <QueryClientProvider client={client}>
        <AuthProvider>
          <AuthProbe />
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
  return { client, rendered };
}

afterEach(() => vi.unstubAllGlobals());

describe("the page's own state", () => {
  it("a visitor's page says nobody is signed in: the app starts signed out and never asks", () => {
    const fetchMock = stubFetch(() => new Response(null, { status: 401 }));
    const { rendered } = startApp(pageWith({ [CURRENT_USER_ID]: null }));
    expect(screen.getByText("signed out")).toBeInTheDocument();
    expect(rendered).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("a signed-in player's page carries them: no loading screen, no request", () => {
    const fetchMock = stubFetch(() => Response.json(testUser({ firstName: "Ada" })));
    startApp(pageWith({ [CURRENT_USER_ID]: testUser({ firstName: "Jordan" }) }));
    expect(screen.getByText("signed in as Jordan")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("a rendered page's data is hydrated alongside, and says the markup is to be hydrated", () => {
    const stubClient = createQueryClient();
    stubClient.setQueryData(["/api/metrics"], { totalCourts: 7 });
    const fetchMock = stubFetch(() => Response.json({}));
    const { client, rendered } = startApp(
      pageWith({ [SERVER_STATE_ID]: dehydrate(stubClient), [CURRENT_USER_ID]: null }),
    );
    expect(rendered).toBe(true);
    expect(client.getQueryData(["/api/metrics"])).toEqual({ totalCourts: 7 });
    expect(screen.getByText("signed out")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("a page without it (the offline shell, the development server) asks as before", async () => {
    const fetchMock = stubFetch(() => Response.json(testUser({ firstName: "Jordan" })));
    startApp(pageWith({}));
    expect(screen.getByText("loading")).toBeInTheDocument();
    expect(await screen.findByText("signed in as Jordan")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith("/api/auth/user", expect.anything());
  });
});
