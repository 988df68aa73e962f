import type { Court } from "@common/courts.ts";
import { useState } from "react";

/** The selected court and whether the Check into Court dialog is open for it. */
export function useCheckInDialog() {
  const [court, setCourt] = useState<Court | null>(null);
  const [open, setOpen] = useState(false);
  return {
    court,
    open,
    /** Selects the court and opens the dialog for it. */
    openFor(next: Court) {
      setCourt(next);
      setOpen(true);
    },
    dialogProps: { court, open, onOpenChange: setOpen },
  };
}
