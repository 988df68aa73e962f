import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { queryClient } from "@/app/query-client.ts";
import { App } from "./app/app.tsx";
import { APP_ROUTES } from "./app/routes.ts";
import { takeServerState } from "./app/server-state.ts";
import { cn } from "./lib/cn.ts";
import { nextTask } from "./lib/next-task.ts";
import { startServiceWorkerWhenIdle } from "./lib/service-worker.ts";
import "./index.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// A visitor's page arrives rendered, with the data it shows (server/modules/pages/): the app
// takes that HTML over without fetching the same data again. Otherwise (a signed-in player,
// the offline shell, the development server) #root is empty and the app renders it.
const rendered = takeServerState(document, queryClient);
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
if (rendered && container.firstChild) {
  void hydrateInSteps(container);
} else {
  createRoot(container).render(app);
}

/**
 * Hydrates the server's HTML in separate tasks: the route's chunks and first requests, then
 * tailwind-merge's class tables (built by the first `cn()`), then React's root and its event
 * listeners, then the page. As one task these were 40–60 ms on a desktop, 4× that on a phone:
 * Lighthouse counts every task's time past 50 ms as blocking (issue 13).
 */
async function hydrateInSteps(root: HTMLElement) {
  APP_ROUTES.find(({ path }) => path === window.location.pathname)?.beforeHydration?.(queryClient);
  await nextTask();
  cn("");
  await nextTask();
  // As a transition, hydration yields to the browser every few milliseconds instead of taking
  // the main thread for the whole page in one task; the HTML is already on screen meanwhile,
  // and input makes React hydrate that part first.
  startTransition(() => {
    hydrateRoot(root, app);
  });
}

// The built app only: the development server has no service worker to serve.
if (import.meta.env.PROD && "serviceWorker" in navigator) startServiceWorkerWhenIdle();
