// `npm run dev`: the API with reload on port API_PORT (3001) and Vite's dev server, which
// proxies /api to it, on PORT (5173).
import { spawn } from "node:child_process";

const apiPort = process.env.API_PORT ?? "3001";
const children = [
  spawn(process.execPath, ["--watch", "--import", "tsx", "server/main.ts"], {
    stdio: "inherit",
    env: { ...process.env, PORT: apiPort },
  }),
  spawn(process.execPath, ["node_modules/vite/bin/vite.js", "--port", process.env.PORT ?? "5173"], {
    stdio: "inherit",
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && stop());
