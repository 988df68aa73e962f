import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** The shape of the built client's index.html (what `vite build` writes from client/index.html). */
export const TEST_INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="The generic description." />
    <meta name="theme-color" content="#c2410c" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
    <title>SPA</title>
    <script type="module" crossorigin src="/assets/app-abc123.js"></script>
    <link rel="manifest" href="/manifest.webmanifest">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** A throw-away built client: index.html, a hashed asset, a favicon, the web app manifest, an icon and the service worker. */
export function makeClientDir(): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bwb-client-"));
  fs.mkdirSync(path.join(dir, "assets"));
  fs.writeFileSync(path.join(dir, "index.html"), TEST_INDEX_HTML);
  fs.writeFileSync(
    path.join(dir, "assets", "app-abc123.js"),
    `console.log("${"x".repeat(4000)}");`,
  );
  fs.writeFileSync(path.join(dir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  fs.writeFileSync(path.join(dir, "manifest.webmanifest"), JSON.stringify({ name: "SPA" }));
  fs.mkdirSync(path.join(dir, "icons"));
  fs.writeFileSync(path.join(dir, "icons", "icon-192.png"), "not really a PNG");
  fs.writeFileSync(path.join(dir, "sw.js"), "self.addEventListener('fetch', () => {});");
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
