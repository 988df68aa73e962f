// `npm run build`: the client (dist/client: the app, its service worker and manifest) and the
// server's renderer of visitors' first screens (dist/server/entry-server.js, from
// client/src/entry-server.tsx). Extra arguments go to both builds (e.g. --logLevel warn).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const vite = path.join(root, "node_modules/vite/bin/vite.js");
const extra = process.argv.slice(2);

const builds = [
  ["build", ...extra],
  [
    "build",
    "--ssr",
    "src/entry-server.tsx",
    "--outDir",
    path.join(root, "dist/server"),
    "--emptyOutDir",
    ...extra,
  ],
];
for (const args of builds) {
  const result = spawnSync(process.execPath, [vite, ...args], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
