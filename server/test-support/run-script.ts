import { spawn } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

export type ScriptRun = { code: number | null; stdout: string; stderr: string };

/**
 * One of our `scripts/*.ts` commands as an operator runs it (`npm run …`), with only PATH and
 * `settings` in its environment.
 */
export function runScript(
  script: string,
  args: string[],
  settings: Record<string, string>,
): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", `scripts/${script}`, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", ...settings },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
