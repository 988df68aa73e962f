import { MESSAGE_MAX, sendMessageInputSchema } from "@common/games.ts";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog.tsx";
import { Label } from "@/components/ui/label.tsx";
import { toast } from "@/components/ui/use-toast.ts";
import { apiErrorOf } from "@/lib/api.ts";
import { useSendMessage } from "./use-send-message.ts";

type MessageOrganizerDialogProps = {
  gameId: number;
  organizerName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** A note to the organizer; it lands on the game page, so their e-mail is never shown. */
export function MessageOrganizerDialog({
  gameId,
  organizerName,
  open,
  onOpenChange,
}: MessageOrganizerDialogProps) {
  const id = useId();
  const [body, setBody] = useState("");
  const [error, setError] = useState<string>();
  const send = useSendMessage(gameId);

  function close(next: boolean) {
    if (send.isPending) return;
    if (!next) setError(undefined);
    onOpenChange(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = sendMessageInputSchema.safeParse({ body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    send.mutate(parsed.data, {
      onSuccess: () => {
        toast({
          title: "Message sent",
          description: "The organizer will see it on the game page.",
        });
        setBody("");
        onOpenChange(false);
      },
      onError: (failure) =>
        setError(apiErrorOf(failure)?.message ?? "Could not send the message. Please try again."),
    });
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Message Organizer</DialogTitle>
            <DialogDescription>
              {organizerName} will see your message on this game's page.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={id}>Message</Label>
            <textarea
              id={id}
              value={body}
              onChange={(event) => setBody(event.target.value)}
              maxLength={MESSAGE_MAX}
              rows={5}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-count${error ? ` ${id}-error` : ""}`}
              className="w-full rounded-md border border-input bg-background px-3 py-2 text-base placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 aria-invalid:border-destructive md:text-sm"
            />
            <p id={`${id}-count`} className="text-sm text-muted-foreground">
              {body.length} / {MESSAGE_MAX} characters
            </p>
            {error && (
              <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button variant="outline" disabled={send.isPending} onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? "Sending..." : "Send"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
