import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";

const root = path.resolve(import.meta.dirname, "client");

export default defineConfig({
  root,
  plugins: [
    react(),
    tailwindcss(),
    // The service worker (client/src/sw.ts): shows web pushes and opens their page. Registered
    // by Settings → Push notifications; the web app manifest and the offline shell come later.
    VitePWA({
      strategies: "injectManifest",
      srcDir: "src",
      filename: "sw.ts",
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ["**/*.{js,css,svg,woff2}"],
        rollupFormat: "iife",
      },
    }),
  ],
  resolve: {
    alias: {
      "@": path.resolve(root, "src"),
      "@common": path.resolve(import.meta.dirname, "common"),
    },
  },
  build: {
    outDir: path.resolve(import.meta.dirname, "dist/client"),
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    proxy: { "/api": `http://localhost:${process.env.API_PORT ?? 3001}` },
  },
});
