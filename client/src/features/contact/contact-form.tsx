import { CircleCheck, Loader2, Send } from "lucide-react";
import { type FormEvent, useEffect, useRef } from "react";
import { Button } from "@/components/ui/button.tsx";
import { toast } from "@/components/ui/use-toast.ts";
import { useHydrated } from "@/lib/use-hydrated.ts";
import { ContactInput, ContactTextarea } from "./contact-field.tsx";
import { REPLY_PROMISE } from "./office-details.ts";
import { type ContactFields, useContactSend } from "./use-contact-send.ts";

const MESSAGE_SENT = "Message Sent!";

/**
 * The contact form (product §2): four required fields checked by the browser, sent to the team
 * (decision 117: the spec's form sent nothing, and appeals of an operator's decision must reach
 * someone), then 'Message Sent!' (toast and on the page) and an empty form; a refusal shows
 * above the fields, which are kept. Only the app sends it, so until it has hydrated the
 * server's HTML the button is off (issue 31: sent the old way, a GET put every field into the
 * address).
 */
export function ContactForm() {
  const { status, error, send } = useContactSend();
  const sending = status === "sending";
  const confirmation = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();

  // The disabled button lost focus while sending; the confirmation takes it, so keyboard and
  // screen-reader users land on the news rather than at the top of the page.
  useEffect(() => {
    if (status === "sent") confirmation.current?.focus();
  }, [status]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const fields = Object.fromEntries(
      (["name", "email", "subject", "message"] as const).map((key) => [
        key,
        String(data.get(key) ?? ""),
      ]),
    ) as ContactFields;
    void send(fields, () => {
      form.reset();
      toast({ title: MESSAGE_SENT, description: REPLY_PROMISE });
    });
  };

  return (
    <form method="post" aria-label="Contact form" onSubmit={onSubmit} className="grid gap-4">
      {status === "sent" && (
        <div
          ref={confirmation}
          tabIndex={-1}
          className="flex gap-3 rounded-lg border border-green-300 bg-green-50 p-4 text-green-900 outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <CircleCheck className="mt-0.5 size-5 shrink-0 text-green-700" aria-hidden="true" />
          <div>
            <p className="font-semibold">{MESSAGE_SENT}</p>
            <p className="text-sm">{REPLY_PROMISE}</p>
          </div>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      {/* Disabled while "sending": an edit now would be wiped when the form clears. */}
      <fieldset disabled={sending} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <ContactInput label="Full Name" name="name" autoComplete="name" maxLength={100} />
          <ContactInput
            label="Email Address"
            name="email"
            type="email"
            autoComplete="email"
            maxLength={255}
          />
        </div>
        <ContactInput label="Subject" name="subject" maxLength={150} />
        <ContactTextarea label="Message" name="message" rows={6} maxLength={5000} />
      </fieldset>
      <Button
        type="submit"
        size="lg"
        disabled={sending || !hydrated}
        className="sm:justify-self-start"
      >
        {sending ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <Send aria-hidden="true" />
        )}
        {sending ? "Sending..." : "Send Message"}
      </Button>
    </form>
  );
}
