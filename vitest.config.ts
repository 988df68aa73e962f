import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const alias = {
  "@": path.resolve(import.meta.dirname, "client/src"),
  "@common": path.resolve(import.meta.dirname, "common"),
};

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "server",
          environment: "node",
          include: ["server/**/*.test.ts", "common/**/*.test.ts", "scripts/**/*.test.ts"],
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
          // Some tests build a whole app (a fresh database, every migration) inside the test:
          // a minute and more on a busy 2-core machine running two files at once.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: "client",
          environment: "jsdom",
          include: ["client/**/*.test.{ts,tsx}"],
          setupFiles: ["tests/setup/fail-on-console-error.ts", "tests/setup/dom.ts"],
          // A form test types and clicks a dozen times: about 1 s alone, and over 15 s once on CI
          // while the server tests filled both cores.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
