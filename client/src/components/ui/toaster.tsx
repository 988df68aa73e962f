import { type ComponentType, useEffect, useState } from "react";
import type ToastList from "./toast-list.tsx";
import { useToast } from "./use-toast.ts";

type ToastListComponent = ComponentType<Parameters<typeof ToastList>[0]>;

/**
 * Radix's toast is a good part of a page's first script: it is fetched once the page has
 * mounted, off the first screen's path (issue 13, decisions §50). A toast raised before it
 * arrives waits in the store and shows when it does.
 */
export function Toaster() {
  const { toasts } = useToast();
  const [List, setList] = useState<ToastListComponent | null>(null);
  useEffect(() => {
    let mounted = true;
    void import("./toast-list.tsx").then((module) => {
      if (mounted) setList(() => module.default);
    });
    return () => {
      mounted = false;
    };
  }, []);
  return List ? <List toasts={toasts} /> : null;
}
