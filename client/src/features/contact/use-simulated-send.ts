import { useCallback, useEffect, useRef, useState } from "react";

/** Spec §9: the contact form pretends to send for one second. */
export const SIMULATED_SEND_MS = 1000;

export type SendStatus = "idle" | "sending" | "sent";

/**
 * The contact form's send: nothing leaves the browser (product §1, §7), so "sending" is a
 * one-second pause, then `onSent` runs. Leaving the page cancels a send in progress.
 */
export function useSimulatedSend() {
  const [status, setStatus] = useState<SendStatus>("idle");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const send = useCallback((onSent: () => void) => {
    setStatus("sending");
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setStatus("sent");
      onSent();
    }, SIMULATED_SEND_MS);
  }, []);

  return { status, send };
}
