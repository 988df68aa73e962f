import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/**
 * Serves the built client: hashed files under /assets/ are cached for a year, everything else
 * is revalidated, and any GET of a non-API path that is not a file gets index.html so the
 * client's router can show the page (or its own 'Page Not Found').
 */
export async function registerSpa(app: FastifyInstance, clientDir: string | undefined) {
  const indexPath = clientDir ? path.join(clientDir, "index.html") : undefined;
  const hasClient = indexPath !== undefined && fs.existsSync(indexPath);
  if (hasClient && clientDir) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: "/",
      index: ["index.html"],
      wildcard: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          "cache-control",
          immutable ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === "/api" || request.url.startsWith("/api/");
    if (
      !isApi &&
      (request.method === "GET" || request.method === "HEAD") &&
      hasClient &&
      indexPath
    ) {
      // Read whole (a few hundred bytes), not streamed: a visitor leaving mid-load would
      // otherwise surface as a "premature close" error in the logs.
      return reply
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-cache")
        .send(await fs.promises.readFile(indexPath));
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
