import { type ComponentType, createElement, Suspense, useState } from "react";
import { preloadable } from "@/lib/preloadable.ts";

/**
 * A dialog whose chunk (its form, fields and schemas) loads the first time it opens, not with
 * the page: on the courts pages the closed dialogs were a good part of the script parsed before
 * the first screen was usable (issue 13). Once opened it stays mounted, so closing animates as
 * before. `isOpen` reads the open state from the dialog's own props. A closed dialog renders
 * nothing, on the server too, so hydration and layout are unchanged.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> & { preload: () => Promise<unknown> } {
  const Dialog = preloadable<P>(() => load().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: called once per module at its top level, like React.lazy
  function LazyDialog(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    if (!open && !opened) return null;
    return <Suspense fallback={null}>{createElement(Dialog, props)}</Suspense>;
  }
  return Object.assign(LazyDialog, { preload: Dialog.preload });
}
