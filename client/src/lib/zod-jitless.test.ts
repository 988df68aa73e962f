import { describe, expect, it } from "vitest";

describe("zod-jitless", () => {
  it("turns zod's compiled parsers off, as zod itself reads its configuration", async () => {
    await import("./zod-jitless.ts");
    const { z } = await import("zod");
    expect(z.config().jitless).toBe(true);
    // Parsing still works without the compiled path.
    expect(z.object({ id: z.number() }).parse({ id: 1 })).toEqual({ id: 1 });
  });
});
