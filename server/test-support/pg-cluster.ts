import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

/**
 * A throw-away PostgreSQL cluster of this test's own (scripts/pg-cluster.sh), which the test
 * may stop and start again on the same port: for faults no shared server should suffer.
 */
export interface OwnCluster {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  /** Stops the server (fast shutdown: sessions are terminated), keeping its data. */
  pause(): Promise<void>;
  /** Starts it again on the same port and waits until it accepts connections. */
  resume(): Promise<void>;
  /** Stops it and removes its data. */
  remove(): Promise<void>;
}

// As root the cluster belongs to the `postgres` user (initdb refuses root), as pg-cluster.sh does.
const asOwner = (command: string, args: string[]) =>
  process.getuid?.() === 0
    ? run("runuser", ["-u", "postgres", "--", command, ...args])
    : run(command, args);

export async function startOwnCluster(): Promise<OwnCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bwb-own-pg-"));
  const script = path.join(ROOT, "scripts/pg-cluster.sh");
  const { stdout } = await run("bash", [script, "start", dir]);
  const url = stdout.trim();
  const port = new URL(url).port;
  const pgCtl = path.join(PG_BIN, "pg_ctl");
  const data = path.join(dir, "data");
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c max_connections=200`;
  return {
    url,
    async pause() {
      await asOwner(pgCtl, ["-D", data, "-m", "fast", "-w", "-t", "60", "stop"]);
    },
    async resume() {
      const log = path.join(dir, "postgres.log");
      await asOwner(pgCtl, ["-D", data, "-l", log, "-w", "-t", "60", "-o", options, "start"]);
    },
    async remove() {
      await run("bash", [script, "stop", dir]);
    },
  };
}
