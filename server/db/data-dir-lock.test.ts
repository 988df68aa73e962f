import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError, LOCK_FILE, lockDataDir } from "./data-dir-lock.ts";

const CHILD = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../test-support/data-dir-lock-child.ts",
);

const dirs: string[] = [];
const children: ChildProcess[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bwb-lock-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A real process that will try to lock `dir` when told to go. */
function lockerProcess(dir: string) {
  const child = spawn(process.execPath, ["--import", "tsx", CHILD, dir], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  children.push(child);
  let output = "";
  const waiters: (() => void)[] = [];
  child.stdout?.on("data", (chunk) => {
    output += chunk;
    for (const wake of waiters.splice(0)) wake();
  });
  const waitFor = async (pattern: RegExp) => {
    while (!pattern.test(output)) {
      if (child.exitCode !== null) throw new Error(`locker exited: ${output}`);
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
    return output;
  };
  return {
    child,
    ready: () => waitFor(/^ready$/m),
    go: () => child.stdin?.write("go\n"),
    outcome: async () =>
      (await waitFor(/^(locked|refused: .*)$/m)).match(/^(locked|refused.*)$/m)?.[1],
  };
}

describe("lockDataDir", () => {
  it("refuses a second holder with a clear message naming the first one's pid", () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    try {
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(
        new RegExp(`is in use by another server \\(pid ${process.pid}\\)`),
      );
    } finally {
      release();
    }
    // Released: the next one gets it.
    lockDataDir(dir)();
  });

  it("is free again the moment its holder is killed (kill -9), with nothing to clean up", async () => {
    const dir = tempDir();
    const holder = lockerProcess(dir);
    await holder.ready();
    holder.go();
    expect(await holder.outcome()).toBe("locked");
    expect(() => lockDataDir(dir)).toThrow(/in use by another server \(pid \d+\)/);
    holder.child.kill("SIGKILL");
    await new Promise((resolve) => holder.child.once("exit", resolve));
    lockDataDir(dir)();
  });

  it("is not blocked by a file naming a live, unrelated process", () => {
    const dir = tempDir();
    // pid 1 is always alive; older versions would have waited for it forever.
    fs.writeFileSync(path.join(dir, LOCK_FILE), "1");
    fs.writeFileSync(path.join(dir, "server.pid"), "1");
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, LOCK_FILE), "utf8")).toBe(String(process.pid));
    expect(fs.existsSync(path.join(dir, "server.pid"))).toBe(false);
    release();
  });

  it("three processes taking over a stale lock in the same instant: one holder every time (20 trials)", async () => {
    for (let trial = 0; trial < 20; trial++) {
      const dir = tempDir();
      // Left by a server that died (no such pid), in both the old and the current file.
      fs.writeFileSync(path.join(dir, LOCK_FILE), "999999999");
      fs.writeFileSync(path.join(dir, "server.pid"), "999999999");
      const lockers = [lockerProcess(dir), lockerProcess(dir), lockerProcess(dir)];
      await Promise.all(lockers.map((l) => l.ready()));
      for (const locker of lockers) locker.go();
      const outcomes = await Promise.all(lockers.map((l) => l.outcome()));
      expect(
        outcomes.filter((o) => o === "locked"),
        outcomes.join("\n"),
      ).toHaveLength(1);
      expect(outcomes.filter((o) => o?.startsWith("refused: "))).toHaveLength(2);
      for (const locker of lockers) locker.child.kill("SIGKILL");
    }
  }, 120_000);

  it("creates the folder when it does not exist", () => {
    const dir = path.join(tempDir(), "nested", "data");
    const release = lockDataDir(dir);
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(true);
    release();
  });
});
