import { describe, expect, it } from "vitest";
import { createQueryClient } from "./query-client.ts";

describe("createQueryClient", () => {
  it("applies product §7's defaults: no retries, never stale, no refetch on focus or interval", () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({
      retry: false,
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
    });
    expect(queries?.queryFn).toBeTypeOf("function");
    expect(mutations).toMatchObject({ retry: false });
  });
});
