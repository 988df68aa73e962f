// `npm start`: builds the client when it is missing or older than its sources, then runs the
// server in this same process (so this pid is the server's).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const builtIndex = path.join(root, "dist/client/index.html");
const sources = ["client", "common", "vite.config.ts", "package.json"];

function newestMtime(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) {
    if (child === "node_modules" || child.endsWith(".test.ts") || child.endsWith(".test.tsx"))
      continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

const built = fs.statSync(builtIndex, { throwIfNoEntry: false });
const sourcesChanged = sources.some((s) => newestMtime(path.join(root, s)) > (built?.mtimeMs ?? 0));
if (!built || sourcesChanged) {
  console.log(built ? "Client sources changed: rebuilding…" : "Building the client…");
  const result = spawnSync(
    process.execPath,
    [path.join(root, "scripts/build.mjs"), "--logLevel", "warn"],
    {
      cwd: root,
      stdio: "inherit",
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { register } = await import("tsx/esm/api");
register();
await import(pathToFileURL(path.join(root, "server/main.ts")).href);
