import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { webAppManifest } from "./common/web-app-manifest.ts";
import { bundleBudget } from "./scripts/bundle-budget.ts";
import { precompress } from "./scripts/precompress.ts";

const root = path.resolve(import.meta.dirname, "client");
const alias = {
  "@": path.resolve(root, "src"),
  "@common": path.resolve(import.meta.dirname, "common"),
};

export default defineConfig(({ isSsrBuild }) => ({
  root,
  // The renderer needs no copy of the icons and favicon (client/public).
  publicDir: isSsrBuild ? false : undefined,
  // Data kept for offline use is dropped when a new build is out (client/src/lib/query-persistence.ts).
  define: { "import.meta.env.VITE_BUILD_ID": JSON.stringify(new Date().toISOString()) },
  plugins: [
    react(),
    tailwindcss(),
    // Every chunk's size in the build's output; the landing's script (`/` is root.tsx, which
    // shows landing.tsx to visitors) may not pass 120 KB gzipped (issue 13, decisions §50).
    !isSsrBuild &&
      bundleBudget({
        routeModules: ["pages/root.tsx", "pages/landing.tsx"],
        limitBytes: 120 * 1024,
        // Their first screens need no schema: constants live in zod-free modules beside them,
        // forms and dialogs load when shown (decisions §62, §65).
        zodFreeRoutes: [
          "pages/landing.tsx",
          "pages/courts.tsx",
          "pages/court.tsx",
          "pages/game-detail.tsx",
        ],
      }),
    // Each file's .br and .gz, sent as they are by the server (decisions §72).
    !isSsrBuild && precompress(),
    // The service worker (client/src/sw.ts: offline shell, caches, web pushes), registered on
    // every page by client/src/lib/service-worker.ts, and the web app manifest, whose link
    // vite-plugin-pwa adds to index.html (every page's head comes from it).
    // The server's renderer (npm run build's second step) has no service worker of its own.
    !isSsrBuild &&
      VitePWA({
        strategies: "injectManifest",
        srcDir: "src",
        filename: "sw.ts",
        injectRegister: false,
        registerType: "prompt",
        manifest: webAppManifest,
        includeManifestIcons: true,
        injectManifest: {
          // index.html is the offline fallback of navigations, not what online navigations get.
          globPatterns: ["**/*.{js,css,html,svg,png,woff2,webmanifest}"],
          rollupFormat: "iife",
        },
      }),
  ],
  resolve: {
    alias,
  },
  build: {
    outDir: path.resolve(import.meta.dirname, "dist/client"),
    emptyOutDir: true,
    sourcemap: false,
    // A lazy chunk's imports are not preloaded by links the app inserts: inserting them took the
    // main thread while a page hydrated (blocking time, issue 13, decisions §78). The browser
    // finds them in the chunk instead, a round trip later; the service worker's precache
    // serves every chunk once it is installed.
    modulePreload: false,
    // Everything the entry imports statically is in the entry's chunk: every page loads it all
    // anyway, and split by sharing it was 20 more requests per page, each waiting its turn on
    // a phone's connection (decisions §72). Routes, dialogs and the map still load when needed.
    rolldownOptions: isSsrBuild
      ? undefined
      : { output: { codeSplitting: { groups: [{ name: "app", tags: ["$initial"] }] } } },
  },
  server: {
    proxy: { "/api": `http://localhost:${process.env.API_PORT ?? 3001}` },
  },
}));
