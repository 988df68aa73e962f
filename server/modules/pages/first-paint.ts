import fs from "node:fs";
import { pathToFileURL } from "node:url";
import type { FastifyInstance } from "fastify";
import { SERVER_STATE_ID } from "../../../common/page-data.ts";
import { sharedAnswers } from "../../lib/shared-answers.ts";

/** What client/src/entry-server.tsx exports (built into dist/server/entry-server.js). */
export type PageRenderer = {
  configure(answer: typeof fetch): void;
  render(url: string): Promise<{ html: string; state: unknown }>;
};

/** The first screen of a page: the markup of #root and the script holding its data. */
export type FirstPaint = { root: string; afterRoot: string };

type Options = {
  /** How long a rendered page is shared by everyone asking for the same URL. */
  maxAgeMs?: number;
  /** Past this, the visitor gets the app shell; the render goes on and serves the next one. */
  timeoutMs?: number;
};

/** A renderer imported on first use, or sooner through preload(). */
export type LazyPageRenderer = PageRenderer & { preload(): Promise<void> };

/**
 * The built renderer next to the built client (dist/server beside dist/client), if built.
 * Importing it (React and every page) takes about 0.8 s, so it is not imported before the
 * server listens: the first render waits for it, and `preload()` starts it once listening (§58).
 */
export function loadPageRenderer(serverDir: string): LazyPageRenderer | undefined {
  const entry = `${serverDir}/entry-server.js`;
  if (!fs.existsSync(entry)) return undefined;
  let answer: typeof fetch | undefined;
  let loading: Promise<PageRenderer> | undefined;
  const load = () => {
    loading ??= import(pathToFileURL(entry).href).then((renderer: PageRenderer) => {
      if (answer) renderer.configure(answer);
      return renderer;
    });
    return loading;
  };
  return {
    configure(fetchAnswer) {
      answer = fetchAnswer;
      loading?.then(
        (renderer) => renderer.configure(fetchAnswer),
        () => {},
      );
    },
    render: async (url) => (await load()).render(url),
    preload: async () => {
      await load();
    },
  };
}

/**
 * The app's reads during a render, answered by this server's own routes (app.inject: no
 * socket, no cookie, so always a visitor's answer). Only GETs: a render never writes.
 */
function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const method = init?.method ?? "GET";
    if (method !== "GET") throw new Error(`A server render may not send ${method} ${input}`);
    const response = await app.inject({ method: "GET", url: String(input) });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined)
        headers.set(name, Array.isArray(value) ? value.join(", ") : `${value}`);
    }
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers,
    });
  };
}

/** JSON inside <script>: nothing in it can close the element or open a comment. */
export const scriptSafe = (json: string) => json.replace(/</g, "\\u003c");

/**
 * Visitors' pages rendered on the server, shared per URL for a few seconds (every visitor sees
 * the same public page), never blocking: a render that fails or is slow yields null, and the
 * caller sends the app shell, which loads the page as before.
 */
export function createFirstPaint(
  app: FastifyInstance,
  renderer: PageRenderer,
  { maxAgeMs = 5_000, timeoutMs = 2_000 }: Options = {},
) {
  renderer.configure(injectFetch(app));
  const pages = sharedAnswers<FirstPaint | null>(
    async (url) => {
      const started = performance.now();
      try {
        const { html, state } = await renderer.render(url);
        app.log.debug({ url, ms: Math.round(performance.now() - started) }, "page rendered");
        return {
          root: html,
          afterRoot: `<script type="application/json" id="${SERVER_STATE_ID}">${scriptSafe(JSON.stringify(state))}</script>`,
        };
      } catch (error) {
        // Kept (as null) like a rendered page, so a broken page is not rendered on every request.
        app.log.error({ err: error, url }, "server render failed: sending the app shell");
        return null;
      }
    },
    { maxAgeMs, maxKeys: 500 },
  );

  return async function firstPaint(url: string): Promise<FirstPaint | null> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => {
        app.log.warn({ url, timeoutMs }, "server render is slow: sending the app shell");
        resolve(null);
      }, timeoutMs);
    });
    try {
      return await Promise.race([pages.read(url), late]);
    } finally {
      clearTimeout(timer);
    }
  };
}
