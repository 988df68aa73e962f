import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock.ts";

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bwb-lock-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("lockDataDir", () => {
  it("refuses a folder held by another live process, with a clear message", async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      fs.writeFileSync(path.join(dir, "server.pid"), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(/is in use by another server \(pid \d+\)/);
    } finally {
      other.kill();
    }
  });

  it("takes over a lock left by a process that died, and releases it", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "server.pid"), "999999999");
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, "server.pid"), "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, "server.pid"))).toBe(false);
  });

  it("creates the folder when it does not exist", () => {
    const dir = path.join(tempDir(), "nested", "data");
    const release = lockDataDir(dir);
    expect(fs.existsSync(path.join(dir, "server.pid"))).toBe(true);
    release();
  });
});
