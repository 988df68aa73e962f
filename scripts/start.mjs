// `npm start`: builds the client when it is missing or older than its sources, then runs the
// server in this same process (so this pid is the server's).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildServer } from "./build-server.mjs";

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

// The server runs from one prebuilt bundle (its packages stay in node_modules): importing it
// takes about a second, where transpiling its few hundred files with tsx at start took 4-6 s
// on a loaded 2-core machine (decision 057). Rebuilt when a server source changed.
const bundle = path.join(root, "dist/app/main.mjs");
const bundled = fs.statSync(bundle, { throwIfNoEntry: false });
const serverSources = ["server", "common", "package.json"];
if (!bundled || serverSources.some((s) => newestMtime(path.join(root, s)) > bundled.mtimeMs)) {
  await buildServer(bundle);
}
// Said once the server answers, so the first thing a newcomer reads is where to go (issue 31).
const { announceWhenListening } = await import("./ready-message.mjs");
void announceWhenListening(process.env);
await import(pathToFileURL(bundle).href);
