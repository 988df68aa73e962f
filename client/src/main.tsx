import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { startServiceWorker } from "./lib/service-worker.ts";
import "./index.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The built app only: the development server has no service worker to serve.
if (import.meta.env.PROD && "serviceWorker" in navigator) startServiceWorker();
