import type { Court } from "@common/courts.ts";
import { useCallback, useMemo, useState } from "react";

/** The selected court and whether the Check into Court dialog is open for it. */
export function useCheckInDialog() {
  const [court, setCourt] = useState<Court | null>(null);
  const [open, setOpen] = useState(false);
  // Stable between renders: lists of memoized cards hold it (courts-directory.tsx).
  const openFor = useCallback((next: Court) => {
    setCourt(next);
    setOpen(true);
  }, []);
  const dialogProps = useMemo(() => ({ court, open, onOpenChange: setOpen }), [court, open]);
  return {
    court,
    open,
    /** Selects the court and opens the dialog for it. */
    openFor,
    dialogProps,
  };
}
