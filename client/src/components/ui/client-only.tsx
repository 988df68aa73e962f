import { type ReactNode, useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * Shows `fallback` on the server and while the browser hydrates the server's HTML, then the
 * children: for parts that need the browser (Leaflet reads `window` when it loads). The
 * fallback should hold the children's size so nothing moves when they arrive.
 */
export function ClientOnly({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return inBrowser ? children : fallback;
}
