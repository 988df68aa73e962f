import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream } from "node:stream/web";
import type { FastifyBaseLogger } from "fastify";

type Log = Pick<FastifyBaseLogger, "info" | "warn" | "error">;

/**
 * Where a server on the embedded database answers backup requests: a Unix socket in a folder of
 * DATA_DIR that only the server's user may enter (0700), so whoever runs as that user — who can
 * read the data directory anyway — may take a backup, and nobody else.
 */
export const backupSocketPath = (dataDir: string) => path.join(dataDir, "run", "backup.sock");

/**
 * The protocol, one backup a connection: the client connects and sends nothing; the server
 * answers `ok SIZE\n` and then SIZE bytes of the dump, or `error MESSAGE\n`, and closes. The
 * size lets the client tell a complete backup from a connection cut short.
 */
export const BACKUP_HEADER = /^(ok (\d+)|error (.*))$/;

export interface BackupServer {
  close(): Promise<void>;
}

/**
 * Serves `dump` on the backup socket of `dataDir` (the caller holds the data-directory lock, so
 * a socket file found there is a dead server's and is replaced). A socket that cannot be made
 * (a path too long for Unix sockets) is logged and the server runs without online backups.
 */
export async function serveBackups(
  dataDir: string,
  dump: () => Promise<Blob>,
  log: Log,
): Promise<BackupServer> {
  const socketPath = backupSocketPath(dataDir);
  const folder = path.dirname(socketPath);
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  // mkdir leaves an existing folder's mode alone (and the umask trims a new one's).
  fs.chmodSync(folder, 0o700);
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => void answer(socket, dump, log));
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(socketPath, () => {
        server.off("error", reject);
        resolve();
      });
    });
    fs.chmodSync(socketPath, 0o600);
  } catch (error) {
    log.warn(
      { err: error, socket: socketPath },
      "online backups are unavailable: npm run db:backup works only while the server is stopped",
    );
    return { close: async () => {} };
  }
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          fs.rmSync(socketPath, { force: true });
          resolve();
        });
      }),
  };
}

async function answer(socket: net.Socket, dump: () => Promise<Blob>, log: Log) {
  socket.on("error", (error) => log.warn({ err: error }, "backup connection failed"));
  const started = performance.now();
  let blob: Blob;
  try {
    blob = await dump();
  } catch (error) {
    log.error({ err: error }, "backup failed");
    socket.end(`error ${error instanceof Error ? error.message : String(error)}\n`);
    return;
  }
  try {
    socket.write(`ok ${blob.size}\n`);
    await pipeline(Readable.fromWeb(blob.stream() as ReadableStream), socket);
    log.info({ bytes: blob.size, ms: Math.round(performance.now() - started) }, "backup taken");
  } catch (error) {
    log.warn({ err: error }, "backup not delivered: the connection closed");
  }
}
