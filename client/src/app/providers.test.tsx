import { CURRENT_USER_ID } from "@common/page-data.ts";
import { render, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/app/query-client.ts";
import { currentUserQuery } from "@/lib/auth/current-user-query.ts";
import { OFFLINE_CACHE_KEY, OFFLINE_OWNER_KEY } from "@/lib/query-persistence.ts";
import { stubFetch } from "@/test-support/stub-fetch.ts";
import { testUser } from "@/test-support/test-user.ts";
import { AppProviders } from "./providers.tsx";
import { takeServerState } from "./server-state.ts";

/** A page the server sent for `user`, started with the kept data on. */
function openPage(user: ReturnType<typeof testUser> | null) {
  const doc = document.implementation.createHTMLDocument("page");
  const script = doc.createElement("script");
  script.type = "application/json";
  script.id = CURRENT_USER_ID;
  script.textContent = JSON.stringify(user);
  doc.body.append(script);
  const client = createQueryClient();
  takeServerState(doc, client);
  render(
    <AppProviders persist queryClient={client}>
      <p>page</p>
    </AppProviders>,
  );
  return client;
}

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe("the data kept for offline visits, on a page the server sent", () => {
  it("belongs to whom the page says is signed in, from the page's start (issue 31)", () => {
    window.localStorage.setItem(OFFLINE_OWNER_KEY, "someone-else");
    window.localStorage.setItem(OFFLINE_CACHE_KEY, '{"theirs":true}');
    stubFetch(() => Response.json({}));
    openPage(testUser({ id: "u1" }));
    // Another player's kept pages are gone before this one's are written beside them.
    expect(window.localStorage.getItem(OFFLINE_CACHE_KEY)).toBeNull();
    expect(window.localStorage.getItem(OFFLINE_OWNER_KEY)).toBe("u1");
  });

  it("survives the same player checked again (a live resync), so earlier pages stay kept", async () => {
    const fetchMock = stubFetch(() => Response.json(testUser({ id: "u1" })));
    const client = openPage(testUser({ id: "u1" }));
    window.localStorage.setItem(OFFLINE_CACHE_KEY, '{"earlier pages":true}');
    await client.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() =>
      expect(client.getQueryState(currentUserQuery.queryKey)?.fetchStatus).toBe("idle"),
    );
    expect(window.localStorage.getItem(OFFLINE_OWNER_KEY)).toBe("u1");
    expect(window.localStorage.getItem(OFFLINE_CACHE_KEY)).toContain("earlier pages");
  });
});
