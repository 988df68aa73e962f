import fs from "node:fs";
import path from "node:path";
import { tryLock, unlock } from "fs-native-extensions";

export class DataDirLockedError extends Error {}

export const LOCK_FILE = "server.lock";
// Written by versions that locked with a pid file; it means nothing now.
const LEGACY_PID_FILE = "server.pid";

function holderOf(lockPath: string): string {
  try {
    const pid = fs.readFileSync(lockPath, "utf8").trim();
    return /^\d+$/.test(pid) ? `pid ${pid}` : "pid unknown";
  } catch {
    return "pid unknown";
  }
}

/**
 * PGlite takes no lock of its own, and two processes on one data directory silently lose
 * writes, so the server holds an exclusive operating-system lock on DATA_DIR/server.lock for
 * as long as it runs (fs-native-extensions: open file description locks on Linux, flock on
 * macOS, LockFileEx on Windows). Taking it is one atomic call, so processes starting in the
 * same millisecond get one holder; the system drops it when the process ends, however it ends
 * (kill -9 included), so nothing stale is ever left to take over. The pid written inside is
 * only for the message a refused process shows.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  const fd = fs.openSync(lockPath, "a+");
  let locked = false;
  try {
    locked = tryLock(fd);
  } finally {
    if (!locked) fs.closeSync(fd);
  }
  if (!locked) {
    throw new DataDirLockedError(
      `The data directory ${path.resolve(dataDir)} is in use by another server (${holderOf(lockPath)}). Stop it first, or set DATA_DIR to another folder.`,
    );
  }
  fs.ftruncateSync(fd, 0);
  fs.writeSync(fd, String(process.pid));
  fs.rmSync(path.join(dataDir, LEGACY_PID_FILE), { force: true });
  let released = false;
  return () => {
    if (released) return;
    released = true;
    try {
      fs.ftruncateSync(fd, 0);
      unlock(fd);
    } finally {
      fs.closeSync(fd);
    }
  };
}
