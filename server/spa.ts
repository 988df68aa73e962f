import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";

const escapeAttribute = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

/** index.html with the page's settings (TILE_URL) in `<meta>` tags the client reads. */
function withSettings(html: string, settings: { tileUrl: string }): string {
  const meta = `<meta name="tile-url" content="${escapeAttribute(settings.tileUrl)}">`;
  return html.includes("</head>") ? html.replace("</head>", `${meta}</head>`) : `${meta}${html}`;
}

/**
 * Serves the built client: hashed files under /assets/ are cached for a year, everything else
 * is revalidated, and any GET of a non-API path that is not a file gets index.html so the
 * client's router can show the page (or its own 'Page Not Found'). index.html itself always
 * goes through the fallback, which adds the settings the page needs.
 */
export async function registerSpa(
  app: FastifyInstance,
  clientDir: string | undefined,
  settings: { tileUrl: string },
) {
  const indexPath = clientDir ? path.join(clientDir, "index.html") : undefined;
  const hasClient = indexPath !== undefined && fs.existsSync(indexPath);
  if (hasClient && clientDir) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: "/",
      index: false,
      wildcard: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          "cache-control",
          immutable ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
  }

  // Read whole (a few hundred bytes), not streamed: a visitor leaving mid-load would otherwise
  // surface as a "premature close" error in the logs. Read per request, so a rebuilt client is
  // served without a restart.
  const sendIndex = async (reply: FastifyReply, file: string) =>
    reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-cache")
      .send(withSettings(await fs.promises.readFile(file, "utf8"), settings));

  if (hasClient && indexPath) {
    // These beat the static files' wildcard: index.html never goes out without its settings.
    for (const url of ["/", "/index.html"]) {
      app.get(url, { schema: { hide: true } }, (_request, reply) => sendIndex(reply, indexPath));
    }
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === "/api" || request.url.startsWith("/api/");
    if (
      !isApi &&
      (request.method === "GET" || request.method === "HEAD") &&
      hasClient &&
      indexPath
    ) {
      return sendIndex(reply, indexPath);
    }
    if (!isApi && !hasClient && request.method === "GET") {
      return reply
        .status(503)
        .type("text/plain; charset=utf-8")
        .send("The client is not built. Run `npm run build`, or start the app with `npm start`.");
    }
    return reply.status(404).send({ message: "Not found." });
  });
}
