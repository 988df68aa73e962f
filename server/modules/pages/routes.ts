import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { COURT_PAGE_NOT_FOUND, courtIdParamsSchema } from "../../../common/courts.ts";
import { GAME_NOT_FOUND, gameIdParamsSchema } from "../../../common/games.ts";
import { CURRENT_USER_ID } from "../../../common/page-data.ts";
import { matchPage, PAGES } from "../../../common/pages.ts";
import { apiErrorSchema } from "../../../common/user.ts";
import { resolveSession } from "../../auth/session-plugin.ts";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../lib/http-error.ts";
import { sharedAnswers } from "../../lib/shared-answers.ts";
import { getCurrentUser } from "../user/current-user.ts";
import { createFirstPaint, type PageRenderer, scriptSafe } from "./first-paint.ts";
import { headTags } from "./head-tags.ts";
import { createHtmlTemplate, escapeHtml, type HtmlTemplate } from "./html-template.ts";
import { courtCard, createPageHeads, gameCard, SITE_CARD } from "./page-heads.ts";
import { type PreviewCard, previewCache } from "./preview-image.ts";
import { buildSitemap, buildSitemapPart } from "./sitemap.ts";

type Options = {
  db: Db;
  publicUrl: string;
  clientDir: string | undefined;
  /** TILE_URL: the client's map reads it from a meta tag of every page. */
  tileUrl: string;
  /** Renders visitors' pages on the server (dist/server); without it every page is the shell. */
  renderer?: PageRenderer;
  /** SESSION_MAX_AGE: a page reads the session as the API does. */
  sessionMaxAgeMs: number;
};

const isApi = (url: string) => url === "/api" || url.startsWith("/api/");
/** A last path segment with an extension names a file, not a page. */
const looksLikeFile = (pathname: string) => /\.[A-Za-z0-9]+$/.test(pathname);

/**
 * Hashed assets never change; the manifest and the icons change rarely (a day's delay is
 * fine; the service worker precaches them by revision anyway); everything else, the service
 * worker included, is revalidated on every use so a new build is seen at once.
 */
function cacheControlOf(sentPath: string): string {
  // A precompressed copy is cached like its file.
  const filePath = sentPath.replace(/\.(br|gz)$/, "");
  if (filePath.includes(`${path.sep}assets${path.sep}`))
    return "public, max-age=31536000, immutable";
  if (filePath.endsWith(".webmanifest") || filePath.includes(`${path.sep}icons${path.sep}`)) {
    return "public, max-age=86400";
  }
  return "no-cache";
}

/** Sends `body` unless the client already holds it (If-None-Match), revalidated each time. */
function sendWithEtag(request: FastifyRequest, reply: FastifyReply, body: string | Buffer) {
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
  reply.header("etag", etag);
  if (request.headers["if-none-match"] === etag) return reply.status(304).send();
  return reply.send(body);
}

/**
 * The web side of the server: the built client's files, every page of common/pages.ts as the
 * app's HTML with that page's own head, robots.txt, the sitemap, link preview images, and a
 * 404 for everything else (a page-like path gets the app, which says 'Page Not Found'; a
 * file-like path gets a plain 404).
 */
export async function pagesRoutes(
  app: FastifyInstance,
  { db, publicUrl, clientDir, tileUrl, renderer, sessionMaxAgeMs }: Options,
) {
  const settingsTags = `<meta name="tile-url" content="${escapeHtml(tileUrl)}">`;
  const indexPath = clientDir ? path.join(clientDir, "index.html") : undefined;
  const template: HtmlTemplate | null =
    indexPath && fs.existsSync(indexPath)
      ? createHtmlTemplate(await fs.promises.readFile(indexPath, "utf8"))
      : null;
  const heads = createPageHeads(db, publicUrl);
  const firstPaint = renderer && template ? createFirstPaint(app, renderer) : undefined;

  if (template && clientDir) {
    // Each built file is its own route (wildcard off), so every other path reaches the pages.
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: "/",
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes each file's .br and .gz (scripts/precompress.ts, decisions §72).
      preCompressed: true,
      setHeaders(reply, filePath) {
        reply.header("cache-control", cacheControlOf(filePath));
      },
    });
  }

  const hidden = { schema: { hide: true } };
  app.get("/*", hidden, async (request, reply) => {
    const pathname = request.url.split("?", 1)[0] ?? "/";
    if (isApi(pathname)) return reply.callNotFound();
    const match = matchPage(pathname);
    if (!match && looksLikeFile(pathname)) {
      return reply.status(404).type("text/plain; charset=utf-8").send("Not found.");
    }
    if (!template) {
      return reply
        .status(503)
        .type("text/plain; charset=utf-8")
        .send("The client is not built. Run `npm run build`, or start the app with `npm start`.");
    }
    const answer = await heads.forPage(match);
    // Who is signed in travels with every page (GET /api/auth/user's answer), so the browser
    // never asks before its first screen: a visitor's 401 and a round trip saved.
    request.session = await resolveSession(db, sessionMaxAgeMs, request);
    const user = request.session ? await getCurrentUser(db, request.session.userId) : null;
    // A visitor's page arrives rendered; a signed-in player's (whose pages differ per person)
    // and a missing game's or court's get the shell, which renders them in the browser.
    const rendered =
      firstPaint && match && answer.status === 200 && !user ? await firstPaint(request.url) : null;
    const html = template.render({
      head: `${headTags(answer.head)}\n    ${settingsTags}`,
      root: rendered?.root,
      afterRoot: `${rendered?.afterRoot ?? ""}<script type="application/json" id="${CURRENT_USER_ID}">${scriptSafe(JSON.stringify(user))}</script>`,
    });
    reply
      .status(answer.status)
      .type("text/html; charset=utf-8")
      // A page naming its player is theirs alone: no browser cache, nor the service worker
      // (sw-rules.ts), may keep it for whoever opens the page next.
      .header("cache-control", user ? "no-store" : "no-cache")
      .header("vary", "cookie");
    return sendWithEtag(request, reply, html);
  });

  app.get("/robots.txt", hidden, async (_request, reply) => {
    const signedInPaths = Object.values(PAGES)
      .filter((page) => page.frame === "signed-in")
      .map((page) => `Disallow: ${page.path}`);
    const body = [
      "User-agent: *",
      "Allow: /",
      // The JSON API is not for search, but preview images and the API reference are.
      "Disallow: /api/",
      "Allow: /api/preview.png",
      "Allow: /api/games/*/preview.png",
      "Allow: /api/courts/*/preview.png",
      "Allow: /api/docs",
      ...signedInPaths,
      "",
      `Sitemap: ${publicUrl}/sitemap.xml`,
      "",
    ].join("\n");
    return reply
      .type("text/plain; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(body);
  });

  // Building a sitemap of 100,000 courts takes a while; crawlers may wait 10 minutes for news.
  const sitemaps = sharedAnswers(
    (file) => (file === "" ? buildSitemap(db, publicUrl) : buildSitemapPart(db, publicUrl, file)),
    { maxAgeMs: 10 * 60 * 1000, maxKeys: 20 },
  );
  const sendXml = (reply: FastifyReply, xml: string | null) => {
    if (xml === null) return reply.status(404).type("text/plain; charset=utf-8").send("Not found.");
    return reply
      .type("application/xml; charset=utf-8")
      .header("cache-control", "public, max-age=600")
      .send(xml);
  };
  app.get("/sitemap.xml", hidden, async (_request, reply) => sendXml(reply, await sitemaps.read()));
  app.get<{ Params: { file: string } }>("/sitemaps/:file", hidden, async (request, reply) =>
    sendXml(reply, await sitemaps.read(request.params.file)),
  );

  registerPreviewImages(app, heads);
}

const versionQuery = z.object({
  v: z.string().max(64).optional().describe("The image's version, from the page's og:image."),
});
const previewResponses = {
  200: z.string().describe("A 1200×630 PNG image."),
  304: z.null().describe("The client's copy is current."),
  400: apiErrorSchema,
  404: apiErrorSchema,
};

function registerPreviewImages(app: FastifyInstance, heads: ReturnType<typeof createPageHeads>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const images = previewCache();

  /** The PNG of a card, cached forever under its version and revalidated otherwise. */
  async function sendPreview(
    request: FastifyRequest,
    reply: FastifyReply,
    card: PreviewCard,
    requestedVersion: string | undefined,
  ) {
    const { version, png } = images(card);
    const etag = `"${version}"`;
    reply
      .type("image/png")
      .header("etag", etag)
      .header(
        "cache-control",
        requestedVersion === version
          ? "public, max-age=31536000, immutable"
          : "public, max-age=300",
      );
    if (request.headers["if-none-match"] === etag) return reply.status(304).send();
    return reply.send(await png);
  }

  const preview = (operationId: string, summary: string, tag: string) => ({
    operationId,
    summary,
    tags: [tag],
    produces: ["image/png"],
    querystring: versionQuery,
    response: previewResponses,
  });

  r.get(
    "/api/games/:id/preview.png",
    {
      schema: {
        ...preview("getGamePreviewImage", "A game's link preview image.", "pages"),
        params: gameIdParamsSchema,
      },
    },
    async (request, reply) => {
      const game = await heads.readGame(request.params.id);
      if (!game) throw notFound(GAME_NOT_FOUND);
      return sendPreview(request, reply, gameCard(game), request.query.v);
    },
  );

  r.get(
    "/api/courts/:id/preview.png",
    {
      schema: {
        ...preview("getCourtPreviewImage", "A court's link preview image.", "pages"),
        params: courtIdParamsSchema,
      },
    },
    async (request, reply) => {
      const court = await heads.readCourt(request.params.id);
      if (!court) throw notFound(COURT_PAGE_NOT_FOUND);
      return sendPreview(request, reply, courtCard(court), request.query.v);
    },
  );

  r.get(
    "/api/preview.png",
    {
      schema: {
        ...preview(
          "getSitePreviewImage",
          "The link preview image of the other public pages.",
          "pages",
        ),
        response: { 200: previewResponses[200], 304: previewResponses[304], 400: apiErrorSchema },
      },
    },
    async (request, reply) => sendPreview(request, reply, SITE_CARD, request.query.v),
  );
}

/** Non-GET requests and unknown API paths: the API's JSON 404. */
export function registerNotFound(app: FastifyInstance) {
  app.setNotFoundHandler(async (_request, reply) =>
    reply.status(404).send({ message: "Not found." }),
  );
}
