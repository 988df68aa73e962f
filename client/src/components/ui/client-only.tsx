import { type ReactNode, useEffect, useState, useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * Shows `fallback` on the server and while the browser hydrates the server's HTML, then the
 * children: for parts that need the browser (Leaflet reads `window` when it loads). The
 * fallback should hold the children's size so nothing moves when they arrive.
 *
 * After a hydration the children wait until the browser has drawn the page once: mounted in
 * the same task as the hydration, Leaflet's first size read forced a layout of the whole fresh
 * page there, the longest task on the courts pages (issue 13). Mounted later (a navigation in
 * the app), they show at once.
 */
export function ClientOnly({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [drawn, setDrawn] = useState(inBrowser);
  useEffect(() => {
    if (drawn) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame after hydration is drawn, then a task of its own after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setDrawn(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [drawn]);
  return drawn ? children : fallback;
}
