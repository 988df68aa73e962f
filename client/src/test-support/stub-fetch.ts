import { vi } from "vitest";

type FetchHandler = (url: string, init?: RequestInit) => Response | Promise<Response>;

/**
 * Replaces fetch for one test. Undo with vi.unstubAllGlobals(), not vi.restoreAllMocks(): the
 * latter would also remove the console.error spy of tests/setup that fails noisy tests.
 */
export function stubFetch(handler: FetchHandler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    handler(String(input), init),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}
