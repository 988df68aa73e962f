import type { QueryFunctionContext } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubFetch } from "@/test-support/stub-fetch.ts";
import { apiRequest, getQueryFn, HttpError } from "./api.ts";

function mockFetch(response: Response) {
  return stubFetch(() => response);
}

// Only queryKey and signal are read; a second key element (a filter) must not change the URL.
function context(url: string) {
  const signal = new AbortController().signal;
  return { queryKey: [url, { filter: "ignored" }], signal } as unknown as QueryFunctionContext;
}

afterEach(() => vi.unstubAllGlobals());

describe("apiRequest", () => {
  it("sends a JSON body with its Content-Type only when there is a payload", async () => {
    const fetchMock = mockFetch(new Response("{}", { status: 200 }));
    await apiRequest("POST", "/api/waitlist", { name: "Jay" });
    await apiRequest("POST", "/api/games/1/join");

    expect(fetchMock).toHaveBeenNthCalledWith(1, "/api/waitlist", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"name":"Jay"}',
      credentials: "include",
    });
    expect(fetchMock).toHaveBeenNthCalledWith(2, "/api/games/1/join", {
      method: "POST",
      headers: {},
      body: undefined,
      credentials: "include",
    });
  });

  it("raises '{status}: {body}' for a non-ok answer", async () => {
    mockFetch(new Response('{"message":"Game is full."}', { status: 409 }));
    const error = await apiRequest("POST", "/api/games/1/join").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('409: {"message":"Game is full."}');
    expect((error as HttpError).status).toBe(409);
  });

  it("falls back to the status text when the body is empty", async () => {
    mockFetch(new Response("", { status: 503, statusText: "Service Unavailable" }));
    await expect(apiRequest("GET", "/api/metrics")).rejects.toThrow("503: Service Unavailable");
  });
});

describe("getQueryFn", () => {
  it("GETs queryKey[0] with credentials and reads JSON", async () => {
    const fetchMock = mockFetch(Response.json([{ id: 1 }]));
    const data = await getQueryFn({ on401: "throw" })(context("/api/courts"));
    expect(data).toEqual([{ id: 1 }]);
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/courts",
      expect.objectContaining({ credentials: "include" }),
    );
  });

  it("yields null on 401 with on401 returnNull", async () => {
    mockFetch(Response.json({ message: "Not signed in." }, { status: 401 }));
    await expect(
      getQueryFn({ on401: "returnNull" })(context("/api/auth/user")),
    ).resolves.toBeNull();
  });

  it("raises on 401 with on401 throw", async () => {
    mockFetch(new Response('{"message":"Not signed in."}', { status: 401 }));
    await expect(getQueryFn({ on401: "throw" })(context("/api/user/profile"))).rejects.toThrow(
      '401: {"message":"Not signed in."}',
    );
  });

  it("raises on other errors even with on401 returnNull", async () => {
    mockFetch(new Response("boom", { status: 500 }));
    await expect(getQueryFn({ on401: "returnNull" })(context("/api/auth/user"))).rejects.toThrow(
      "500: boom",
    );
  });
});
