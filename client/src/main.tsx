import { SERVER_STATE_ID } from "@common/pages.ts";
import { type DehydratedState, hydrate } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { queryClient } from "./lib/query-client.ts";
import { startServiceWorker } from "./lib/service-worker.ts";
import "./index.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// A visitor's page arrives rendered, with the data it shows (server/modules/pages/): the app
// takes that HTML over without fetching the same data again. Otherwise (a signed-in player,
// the offline shell, the development server) #root is empty and the app renders it.
const serverState = document.getElementById(SERVER_STATE_ID)?.textContent;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
if (serverState && container.firstChild) {
  hydrate(queryClient, JSON.parse(serverState) as DehydratedState);
  hydrateRoot(container, app);
} else {
  createRoot(container).render(app);
}

// The built app only: the development server has no service worker to serve.
if (import.meta.env.PROD && "serviceWorker" in navigator) startServiceWorker();
