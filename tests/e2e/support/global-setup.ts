/**
 * Vitest global setup for the browser journeys: builds the client once, starts ONE server
 * (PGlite in a fresh temporary DATA_DIR) on a free loopback port, waits for /api/healthz and
 * hands the base URL to the tests (`inject("baseUrl")`). Teardown stops the server with
 * SIGTERM and removes the temporary directory.
 *
 * E2E_SKIP_BUILD=1 reuses an existing dist/client. E2E_SERVER_OUTPUT=1 streams the server's
 * output to the console as it comes.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { startFakeOpenMeteo } from "../../../server/test-support/open-meteo-server.ts";
import { startSmtpSink } from "../../../server/test-support/smtp-sink.ts";
import { CHROMIUM_PATH } from "./chromium.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** e.g. http://127.0.0.1:41234, no trailing slash */
    baseUrl: string;
    /** the file the server's stdout and stderr are written to (pino JSON lines) */
    serverLogPath: string;
    /** the e-mails the server sent, one JSON line each ({ from, to, raw }) */
    mailLogPath: string;
  }
}

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
// Generous: on a loaded machine opening a fresh embedded database and loading the demo data
// has taken over 90 s.
const HEALTH_TIMEOUT_MS = 240_000;
const STOP_TIMEOUT_MS = 15_000;

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const log = (message: string) => console.log(`[e2e] ${message}`);

/** The environment of this process without what Vitest adds to it (NODE_ENV=test, VITEST*). */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (name === "NODE_ENV" || name.startsWith("VITEST")) delete env[name];
  }
  return env;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: "inherit" });
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(args[0] ?? command)} exited with ${signal ?? code}`)),
    );
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once("exit", () => resolve()));
}

/** A pause that does not keep the process alive (Vitest waits for the event loop to drain). */
function delay(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

export default async function setup(project: TestProject) {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `No Chromium at ${CHROMIUM_PATH}. Install Debian's (apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
  }

  if (process.env.E2E_SKIP_BUILD === "1") {
    if (!fs.existsSync(path.join(ROOT, "dist/client/index.html"))) {
      throw new Error("E2E_SKIP_BUILD=1 but dist/client/index.html is missing: build first.");
    }
    log("E2E_SKIP_BUILD=1: using the existing dist/client");
  } else {
    const started = performance.now();
    log("building the client and its server renderer (npm run build)…");
    // NODE_ENV must be production here: Vitest sets it to "test", and Vite would then bundle
    // React's development build.
    await run(process.execPath, [path.join(ROOT, "scripts/build.mjs"), "--logLevel", "warn"], {
      ...cleanEnv(),
      NODE_ENV: "production",
    });
    log(`client built in ${seconds(started)}`);
  }

  const tempDir = await fsp.mkdtemp(path.join(os.tmpdir(), "bwb-e2e-"));
  const dataDir = path.join(tempDir, "data");
  const serverLogPath = path.join(tempDir, "server.log");
  const logFile = fs.createWriteStream(serverLogPath);
  // The server's e-mail goes to a real SMTP server on loopback, which keeps each message in a
  // file the journeys read (a reset link, a confirmation).
  const mailLogPath = path.join(tempDir, "mail.jsonl");
  const smtp = await startSmtpSink({
    onReceive: (mail) => fs.appendFileSync(mailLogPath, `${JSON.stringify(mail)}\n`),
  });
  // The forecasts come from a local server answering in Open-Meteo's format (rain 60%,
  // 12.2 °C, wind 19.3 km/h at every hour), never from the real one.
  const weather = await startFakeOpenMeteo();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  const env = cleanEnv();
  // The journeys run on their own embedded database, whatever the caller's environment says.
  for (const name of [
    "DATABASE_URL",
    "TEST_DATABASE_URL",
    "PUBLIC_URL",
    "OIDC_ISSUER_URL",
    "OIDC_CLIENT_ID",
    "OIDC_CLIENT_SECRET",
    "SESSION_SECRET",
  ]) {
    delete env[name];
  }
  Object.assign(env, {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    // Every browser context stands for its own person on its own network: it sends its own
    // X-Forwarded-For (support/browser.ts), believed from loopback as from a load balancer, so
    // the per-address limits (sign-ups, sign-in failures) treat them as the strangers they are.
    TRUST_PROXY: "loopback",
    SMTP_URL: smtp.url,
    WEATHER_URL: weather.url,
    MAIL_FROM: "Ball with the Bros <games@example.com>",
  });

  const started = performance.now();
  log(`starting the server on ${baseUrl} (DATA_DIR ${dataDir})`);
  const server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const capture = (chunk: Buffer) => {
    const text = chunk.toString();
    output = (output + text).slice(-200_000);
    logFile.write(text);
    if (process.env.E2E_SERVER_OUTPUT === "1") process.stderr.write(text);
  };
  server.stdout?.on("data", capture);
  server.stderr?.on("data", capture);
  let spawnError: Error | undefined;
  server.on("error", (error) => {
    spawnError = error;
  });

  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const stopping = performance.now();
      server.kill("SIGTERM");
      const stopped = await Promise.race([
        exited(server).then(() => true),
        delay(STOP_TIMEOUT_MS).then(() => false),
      ]);
      if (!stopped) {
        console.error(
          `[e2e] the server did not stop within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM: killing it`,
        );
        server.kill("SIGKILL");
        await exited(server);
      } else if (server.exitCode !== 0) {
        console.error(`[e2e] the server exited with ${server.exitCode} after SIGTERM`);
      } else {
        log(`server stopped in ${seconds(stopping)}`);
      }
    }
    await smtp.stop();
    await weather.close();
    await new Promise<void>((resolve) => logFile.end(resolve));
    if (output.trim()) {
      console.log(`[e2e] server output (LOG_LEVEL=warn):\n${output.trimEnd()}`);
    }
    await fsp.rm(tempDir, { recursive: true, force: true });
  };

  try {
    const deadline = Date.now() + HEALTH_TIMEOUT_MS;
    for (;;) {
      if (spawnError) throw spawnError;
      if (server.exitCode !== null || server.signalCode !== null) {
        throw new Error(`the server exited with ${server.signalCode ?? server.exitCode}`);
      }
      const healthy = await fetch(`${baseUrl}/api/healthz`, { signal: AbortSignal.timeout(2000) })
        .then((response) => response.status === 200)
        .catch(() => false);
      if (healthy) break;
      if (Date.now() > deadline) {
        throw new Error(`/api/healthz did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s`);
      }
      await delay(250);
    }
  } catch (error) {
    console.error(
      `[e2e] the server did not become ready: ${error instanceof Error ? error.message : error}\n` +
        `[e2e] server output:\n${output || "(none)"}`,
    );
    output = ""; // printed already
    await stop();
    throw error;
  }
  log(`server ready in ${seconds(started)}`);

  project.provide("baseUrl", baseUrl);
  project.provide("serverLogPath", serverLogPath);
  project.provide("mailLogPath", mailLogPath);
  return stop;
}
