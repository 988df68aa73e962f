import {
  type DehydratedState,
  dehydrate,
  type Query,
  type QueryClient,
} from "@tanstack/react-query";
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { Router } from "wouter";
import { createQueryClient } from "@/app/query-client.ts";
import { currentUserQuery } from "@/lib/auth/current-user-query.ts";
import { App } from "./app/app.tsx";
import { setServerFetch } from "./lib/network-status.ts";

/**
 * The server's first paint (built by `vite build --ssr` into dist/server/): a visitor's page as
 * HTML, with the TanStack Query data it shows, for the browser to hydrate (main.tsx).
 */
export type RenderedPage = {
  /** The markup of #root. */
  html: string;
  /** The queries the page read, for `hydrate` in the browser. */
  state: DehydratedState;
};

/** Reads of a page that render in turn: a card may ask for data only once its parent has it. */
const MAX_PASSES = 4;

/** `answer` serves the app's reads (GET /api/…) on the server, without a network. */
export function configure(answer: typeof fetch): void {
  setServerFetch(answer);
}

/**
 * Renders `url` for a signed-out visitor. Rendering waits for the lazy pages (prerender), then
 * the queries the rendered screen asked for are fetched, and the page is rendered again with
 * their data, until it asks for nothing new. A read that failed (a missing game, a 500)
 * rejects: the caller sends the plain app shell, which shows the error as it always did.
 */
export async function render(url: string): Promise<RenderedPage> {
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQuery.queryKey, null);
  return renderWithData(url, queryClient);
}

async function renderWithData(url: string, queryClient: QueryClient) {
  let html = "";
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    html = await renderOnce(url, queryClient);
    const wanted = queryClient
      .getQueryCache()
      .findAll()
      .filter(
        (query) =>
          query.state.status === "pending" &&
          query.state.fetchStatus === "idle" &&
          isEnabled(query),
      );
    if (wanted.length === 0) break;
    await Promise.all(
      wanted.map((query) =>
        queryClient.prefetchQuery({ ...query.options, queryKey: query.queryKey }),
      ),
    );
    const failed = queryClient
      .getQueryCache()
      .findAll()
      .find((query) => query.state.status === "error");
    if (failed) throw new Error(`${JSON.stringify(failed.queryKey)}: ${failed.state.error}`);
  }
  return { html, state: dehydrate(queryClient) };
}

/** The rendered screen asked for it (`enabled` is an observer's option, kept on the query). */
function isEnabled(query: Query): boolean {
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return (typeof enabled === "function" ? enabled(query) : enabled) !== false;
}

async function renderOnce(url: string, queryClient: QueryClient): Promise<string> {
  // React would send a failed part's fallback and let the browser retry it, logging an error
  // there; a page that cannot render whole is sent as the shell instead.
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Router ssrPath={url}>
        <App queryClient={queryClient} />
      </Router>
    </StrictMode>,
    {
      // Every part inline, in order: larger parts would otherwise be sent hidden, with an
      // inline script to reveal them, which the page's CSP (and a reader without JS) refuses.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        errors.push(error);
      },
    },
  );
  if (errors.length > 0) throw errors[0];
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}
