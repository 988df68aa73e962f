import { type ComponentType, createElement, lazy, useEffect, useState } from "react";

export type Preloadable<P extends object> = ComponentType<P> & {
  /** Fetches the component's chunk now; rendering it later does not wait again. */
  preload: () => Promise<unknown>;
  /** True once the chunk has loaded or failed: rendering it then does not wait. */
  settled: () => boolean;
};

/**
 * React.lazy that can be fetched ahead of rendering and, once fetched, renders at once. A lazy
 * component suspends on its first render even when its module is already loaded, and React
 * holds a revealed Suspense boundary back for up to 300 ms: on the courts map that wait was
 * longer than a bare Leaflet page takes to draw its markers (issue 13).
 */
export function preloadable<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  let failed = false;
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () => {
    pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // Rendering now lets React.lazy rethrow it to the nearest error boundary.
        failed = true;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(preload);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per module at its top level, like React.lazy
  function Preloaded(props: P) {
    // Chosen once per mount: switching from Lazy to the module's component would remount it.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? (Lazy as ComponentType<P>));
    return createElement(Component, props);
  }
  return Object.assign(Preloaded, { preload, settled: () => loaded !== null || failed });
}

/**
 * Whether `component` can render without suspending, fetching it if not. The app router waits
 * on it behind the Loading screen it already shows, so a page never reveals a fallback first.
 */
export function usePreloaded<P extends object>(component: Preloadable<P> | undefined): boolean {
  const ready = component === undefined || component.settled();
  const [, setSettledCount] = useState(0);
  useEffect(() => {
    if (ready || component === undefined) return;
    let live = true;
    const rerender = () => {
      if (live) setSettledCount((count) => count + 1);
    };
    component.preload().then(rerender, rerender);
    return () => {
      live = false;
    };
  }, [component, ready]);
  return ready;
}
