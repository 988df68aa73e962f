import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { queryClient } from "./app/query-client.ts";
import { APP_ROUTES } from "./app/routes.ts";
import { takeServerState } from "./app/server-state.ts";
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
  // Asks for what the page would otherwise ask for only once hydrated (app/routes.ts).
  APP_ROUTES.find(({ path }) => path === window.location.pathname)?.beforeHydration?.(queryClient);
  hydrateRoot(container, app);
} else {
  createRoot(container).render(app);
}

// The built app only: the development server has no service worker to serve.
if (import.meta.env.PROD && "serviceWorker" in navigator) startServiceWorkerWhenIdle();
