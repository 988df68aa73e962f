import { useCallback, useState } from "react";
import { apiErrorOf, apiRequest } from "@/lib/api.ts";

export type SendStatus = "idle" | "sending" | "sent";
export type ContactFields = { name: string; email: string; subject: string; message: string };

/**
 * The contact form's send (decision 117): POST /api/contact, where the operators read it.
 * A refusal (a field, too many messages, offline) is kept to show beside the form.
 */
export function useContactSend() {
  const [status, setStatus] = useState<SendStatus>("idle");
  const [error, setError] = useState<string>();

  const send = useCallback(async (fields: ContactFields, onSent: () => void) => {
    setStatus("sending");
    setError(undefined);
    try {
      await apiRequest("POST", "/api/contact", fields);
      setStatus("sent");
      onSent();
    } catch (failure) {
      setStatus("idle");
      setError(apiErrorOf(failure)?.message ?? "Could not send your message. Please try again.");
    }
  }, []);

  return { status, error, send };
}
