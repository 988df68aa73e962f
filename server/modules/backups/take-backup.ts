import { spawn } from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import type { Config } from "../../config.ts";
import { openPglite } from "../../db/client.ts";
import { DataDirLockedError, lockDataDir } from "../../db/data-dir-lock.ts";
import { pgliteDirOf } from "../../db/open.ts";
import { BackupError, writeAtomically } from "./backup-file.ts";
import { BACKUP_HEADER, backupSocketPath } from "./backup-socket.ts";

export interface BackupTaken {
  /** Who made it: the running server, this process from the stopped data directory, or pg_dump. */
  source: "server" | "data directory" | "pg_dump";
  bytes: number;
}

/**
 * `npm run db:backup -- FILE`. The embedded database: from the server that holds the data
 * directory when one runs (through its backup socket), else straight from the data directory
 * (locked meanwhile, so no server starts on it halfway). PostgreSQL: `pg_dump -Fc`.
 */
export async function takeBackup(
  config: Pick<Config, "databaseUrl" | "dataDir">,
  file: string,
): Promise<BackupTaken> {
  if (config.databaseUrl) {
    const url = config.databaseUrl;
    return { source: "pg_dump", bytes: await writeAtomically(file, (to) => pgDump(url, to)) };
  }
  const pgliteDir = pgliteDirOf(config.dataDir);
  // Checked first: opening a folder without a database would make an empty one.
  if (!fs.existsSync(path.join(pgliteDir, "PG_VERSION"))) {
    throw new BackupError(`There is no database in ${path.resolve(config.dataDir)} to back up.`);
  }
  let release: () => void;
  try {
    release = lockDataDir(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const bytes = await writeAtomically(file, (to) => fetchFromServer(config.dataDir, to));
    return { source: "server", bytes };
  }
  try {
    const database = await openPglite(pgliteDir);
    let dump: Blob | undefined;
    try {
      dump = await database.dumpDataDir?.();
    } finally {
      await database.close();
    }
    if (!dump) throw new Error("the embedded database cannot dump its files");
    const bytes = await writeAtomically(file, async (to) => {
      await fsp.writeFile(to, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    });
    return { source: "data directory", bytes };
  } finally {
    release();
  }
}

/** Asks the server holding `dataDir` for a backup and writes it to `to` (backup-socket.ts). */
async function fetchFromServer(dataDir: string, to: string): Promise<void> {
  const socketPath = backupSocketPath(dataDir);
  const socket = net.connect(socketPath);
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("error", reject);
    });
  } catch (error) {
    throw new BackupError(
      `A server holds ${path.resolve(dataDir)} but does not answer backup requests at ${socketPath} (${(error as NodeJS.ErrnoException).code ?? error}): stop it and run the backup again.`,
    );
  }
  const out = await fsp.open(to, "wx", 0o600);
  try {
    let head = Buffer.alloc(0);
    let expected: number | undefined;
    let received = 0;
    for await (const chunk of socket as AsyncIterable<Buffer>) {
      let body = chunk;
      if (expected === undefined) {
        head = Buffer.concat([head, chunk]);
        const newline = head.indexOf(10);
        if (newline < 0) continue;
        const match = BACKUP_HEADER.exec(head.subarray(0, newline).toString("utf8"));
        if (!match) throw new BackupError("The server answered something that is not a backup.");
        if (match[3] !== undefined)
          throw new BackupError(`The server could not take a backup: ${match[3]}`);
        expected = Number(match[2]);
        body = head.subarray(newline + 1);
      }
      received += body.length;
      await out.write(body);
    }
    if (expected === undefined || received !== expected) {
      throw new BackupError(
        `The server closed the connection before the backup was complete (${received} of ${expected ?? "?"} bytes).`,
      );
    }
  } finally {
    socket.destroy();
    await out.close();
  }
}

/** `pg_dump --format=custom` of the database at `url` into `to` (every schema: the app's and pgboss). */
async function pgDump(url: string, to: string): Promise<void> {
  // The password goes in the environment, not on a command line every user can read in `ps`.
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = "";
  const child = spawn("pg_dump", ["--format=custom", `--file=${to}`, `--dbname=${target.href}`], {
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr.on("data", (chunk) => {
    errors += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") {
      throw new BackupError(
        "pg_dump was not found: install PostgreSQL's client tools of your server's version or newer (Debian: apt-get install postgresql-client) and run the backup again.",
      );
    }
    throw error;
  });
  if (code !== 0) throw new BackupError(`pg_dump failed: ${errors.trim() || `exit code ${code}`}`);
}
