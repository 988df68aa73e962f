import { defineConfig } from "vitest/config";

/**
 * Browser journeys (`npx vitest run -c vitest.e2e.config.ts`): one server for the whole run,
 * started by the global setup; files run one after another against it.
 */
export default defineConfig({
  test: {
    name: "e2e",
    include: ["tests/e2e/**/*.e2e.ts"],
    environment: "node",
    globalSetup: ["tests/e2e/support/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    // A wait, not a speed check: a page hydrating on a loaded 2-core machine has taken over 1 s.
    expect: { poll: { timeout: 20_000 } },
  },
});
