import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
// @ts-expect-error: a plain ES module script, without types
import { buildServer } from "../scripts/build-server.mjs";
import { fromRoot } from "./lib/project-root.ts";
import {
  freePort,
  type ServerProcess,
  spawnServer,
  waitUntilHealthy,
} from "./test-support/server-process.ts";

// `npm start` runs the server from a bundle: whatever the sources read beside themselves
// (migrations, the favicon, the API docs' CSS) must be found from the bundle's place too.
let dataDir: string;
let outDir: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bwb-bundle-"));
  fs.mkdirSync(fromRoot("dist"), { recursive: true });
  outDir = fs.mkdtempSync(path.join(fromRoot("dist"), "server-test-"));
  await buildServer(path.join(outDir, "main.mjs"));
}, 120_000);
afterAll(() => {
  if (server?.child.exitCode === null) server.child.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(outDir, { recursive: true, force: true });
});

it("the bundled server migrates a new database and serves the API and its docs", async () => {
  const port = await freePort();
  // Production: no demo data to load, only the migrations.
  server = spawnServer(
    {
      DATA_DIR: dataDir,
      PORT: String(port),
      NODE_ENV: "production",
      SESSION_SECRET: "bundle-test-secret-bundle-test-secret-bundle",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    [path.join(outDir, "main.mjs")],
  );
  await waitUntilHealthy(port, server);
  const css = await fetch(`http://127.0.0.1:${port}/api/docs/static/theme/theme.css`);
  expect(css.status).toBe(200);
  expect(await css.text()).toBe(fs.readFileSync(fromRoot("server/api-docs-theme.css"), "utf8"));
  const favicon = await fetch(`http://127.0.0.1:${port}/api/docs/static/theme/favicon.svg`);
  expect(favicon.status).toBe(200);
  const courts = await fetch(`http://127.0.0.1:${port}/api/courts/popular`);
  expect(courts.status).toBe(200);
  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
}, 180_000);
