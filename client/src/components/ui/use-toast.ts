import { type ReactNode, useSyncExternalStore } from "react";
import type { ToastActionElement, ToastProps } from "./toast.tsx";

/** Spec §8: at most one toast at a time; a new toast replaces the one on screen. */
const TOAST_LIMIT = 1;
/** A dismissed toast stays mounted this long so its closing transition can play. */
const TOAST_REMOVE_DELAY = 1000;

export type ToasterToast = Omit<ToastProps, "title"> & {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ToastActionElement;
};
type ToastInput = Omit<ToasterToast, "id">;

// One store for the whole page, so any module can raise a toast without a hook.
let toasts: ToasterToast[] = [];
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let lastId = 0;

function setToasts(next: ToasterToast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  const timer = setTimeout(() => {
    removalTimers.delete(id);
    setToasts(toasts.filter((t) => t.id !== id));
  }, TOAST_REMOVE_DELAY);
  removalTimers.set(id, timer);
}

/** Closes one toast, or all of them when no id is given. */
export function dismissToast(id?: string) {
  const closing = toasts.filter((t) => id === undefined || t.id === id);
  setToasts(toasts.map((t) => (closing.includes(t) ? { ...t, open: false } : t)));
  for (const t of closing) scheduleRemoval(t.id);
}

export function toast(input: ToastInput) {
  lastId += 1;
  const id = String(lastId);
  const onOpenChange = (open: boolean) => {
    if (!open) dismissToast(id);
  };
  setToasts([{ ...input, id, open: true, onOpenChange }, ...toasts].slice(0, TOAST_LIMIT));
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (changes: Partial<ToastInput>) =>
      setToasts(toasts.map((t) => (t.id === id ? { ...t, ...changes } : t))),
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const NO_TOASTS: ToasterToast[] = [];

export function useToast() {
  // No toast is ever rendered on the server (nor while the browser hydrates its HTML).
  const current = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => NO_TOASTS,
  );
  return { toasts: current, toast, dismiss: dismissToast };
}
