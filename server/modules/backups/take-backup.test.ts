import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lockDataDir } from "../../db/data-dir-lock.ts";
import { pgliteDirOf } from "../../db/open.ts";
import { BackupError } from "./backup-file.ts";
import { backupSocketPath } from "./backup-socket.ts";
import { takeBackup } from "./take-backup.ts";

// A data directory held by a "server" (this process holds the lock) that answers the backup
// socket as the test says: what db:backup does with answers a real server gives only when
// something fails.
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function heldDataDir(answer?: (socket: net.Socket) => void) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "bwb-take-backup-"));
  cleanups.push(() => fs.rmSync(root, { recursive: true, force: true }));
  const dataDir = path.join(root, "data");
  fs.mkdirSync(pgliteDirOf(dataDir), { recursive: true });
  fs.writeFileSync(path.join(pgliteDirOf(dataDir), "PG_VERSION"), "17\n");
  cleanups.push(lockDataDir(dataDir));
  if (answer) {
    fs.mkdirSync(path.dirname(backupSocketPath(dataDir)), { mode: 0o700 });
    const server = net.createServer(answer);
    await new Promise<void>((resolve) => server.listen(backupSocketPath(dataDir), resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  }
  return { root, dataDir, file: path.join(root, "backup.tar.gz") };
}

const backupOf = (dataDir: string, file: string) =>
  takeBackup({ dataDir, databaseUrl: undefined }, file);

describe("db:backup from a running server", () => {
  it("writes what the server sends, readable by its owner only", async () => {
    const { dataDir, file } = await heldDataDir((socket) => socket.end("ok 5\nhello"));
    expect(await backupOf(dataDir, file)).toEqual({ source: "server", bytes: 5 });
    expect(fs.readFileSync(file, "utf8")).toBe("hello");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it("refuses a backup cut short, leaving the previous file as it was and nothing else", async () => {
    const { root, dataDir, file } = await heldDataDir((socket) => socket.end("ok 100\nonly ten."));
    fs.writeFileSync(file, "last night's backup");
    await expect(backupOf(dataDir, file)).rejects.toThrow(
      new BackupError(
        "The server closed the connection before the backup was complete (9 of 100 bytes).",
      ),
    );
    expect(fs.readFileSync(file, "utf8")).toBe("last night's backup");
    expect(fs.readdirSync(root).sort()).toEqual(["backup.tar.gz", "data"]);
  });

  it("says why the server could not take one, and writes nothing", async () => {
    const { root, dataDir, file } = await heldDataDir((socket) =>
      socket.end("error out of memory\n"),
    );
    await expect(backupOf(dataDir, file)).rejects.toThrow(
      new BackupError("The server could not take a backup: out of memory"),
    );
    expect(fs.readdirSync(root)).toEqual(["data"]);
  });

  it("asks to stop a server that holds the data directory but does not answer", async () => {
    const { root, dataDir, file } = await heldDataDir();
    await expect(backupOf(dataDir, file)).rejects.toThrow(
      /^A server holds .*\/data but does not answer backup requests at .*\/data\/run\/backup\.sock \(ENOENT\): stop it and run the backup again\.$/,
    );
    expect(fs.readdirSync(root)).toEqual(["data"]);
  });
});
