import { useQueryClient } from "@tanstack/react-query";
import { Suspense, useEffect, useRef } from "react";
import { matchRoute, Route, Switch, useLocation, useRouter } from "wouter";
import { useAuth } from "@/lib/auth/use-auth.ts";
import { usePreloaded } from "@/lib/preloadable.ts";
import { LoadingIndicator, LoadingScreen } from "./loading-screen.tsx";
import { RouteFrame } from "./route-frame.tsx";
import { APP_ROUTES, NotFoundPage } from "./routes.ts";

/**
 * Whether the browser renders the first page itself (#root arrived empty). The server renders
 * nothing but the page, and a page it sent is hydrated as it is: neither may wait behind the
 * Loading screen, which would not match the server's HTML.
 */
const RENDERS_FIRST_PAGE =
  typeof document !== "undefined" && !document.getElementById("root")?.firstChild;

export function AppRouter() {
  const { isLoading } = useAuth();
  const [location] = useLocation();
  const { parser } = useRouter();
  const route = APP_ROUTES.find(({ path }) => matchRoute(parser, path, location)[0]);
  // The page's chunk is fetched while the user is asked for, and on the first page the Loading
  // screen stays until both are in: a page that suspended after it would show its frame's
  // spinner for at least React's 300 ms fallback throttle (issue 13). Later pages show their
  // frame at once, with the spinner inside it.
  // Only then: on a hydrated page the chunk's arrival would re-render the router while React
  // still holds the server's HTML, and React drops that HTML to render the page afresh.
  const firstPage = useRef(RENDERS_FIRST_PAGE);
  const pageReady = usePreloaded(firstPage.current ? route?.page : undefined);
  const waitForPage = firstPage.current && !pageReady;
  const client = useQueryClient();
  const prefetch = route?.prefetch;
  useEffect(() => {
    // A failed prefetch is the page's own query to retry and report.
    prefetch?.(client).catch(() => {});
  }, [prefetch, client]);
  // Spec §2: nothing but the Loading screen until we know who is looking.
  if (isLoading || waitForPage) return <LoadingScreen />;
  firstPage.current = false;

  // The frame wraps the Switch rather than each route, so moving between two pages of the
  // same frame keeps the frame (and, say, the sidebar's scroll position) mounted.
  return (
    <RouteFrame frame={route?.frame ?? "public"}>
      <Suspense fallback={<LoadingIndicator />}>
        <Switch location={location}>
          {APP_ROUTES.map(({ path, page }) => (
            <Route key={path} path={path} component={page} />
          ))}
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </RouteFrame>
  );
}
