import {
  REPORT_DETAILS_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_THANKS,
  type ReportKind,
  type ReportReason,
  reportInputSchema,
} from "@common/moderation.ts";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog.tsx";
import { Label } from "@/components/ui/label.tsx";
import { Textarea } from "@/components/ui/textarea.tsx";
import { toast } from "@/components/ui/use-toast.ts";
import { apiErrorOf } from "@/lib/api.ts";
import { cn } from "@/lib/cn.ts";
import { useSendReport } from "./report-query.ts";

export type ReportTarget = {
  kind: ReportKind;
  /** The player's id for "player", else the content's numeric id as a string. */
  targetId: string;
  /** What is reported, in words: a player's name, "message from Showtime". */
  label: string;
};

type ReportDialogProps = ReportTarget & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it, which takes the focus back when it closes. */
  trigger?: ReactNode;
};

/** A reason, optional details, Send; the server's refusal stays in the dialog. */
export function ReportDialog({
  kind,
  targetId,
  label,
  open,
  onOpenChange,
  trigger,
}: ReportDialogProps) {
  const id = useId();
  const [reason, setReason] = useState<ReportReason | "">("");
  const [details, setDetails] = useState("");
  const [error, setError] = useState<string>();
  const send = useSendReport();

  function reset() {
    setReason("");
    setDetails("");
    setError(undefined);
  }

  function close(next: boolean) {
    if (send.isPending) return;
    if (!next) reset();
    onOpenChange(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = reportInputSchema.safeParse({
      kind,
      targetId,
      reason: reason || undefined,
      // Blank details are no details: the schema would refuse an empty string.
      details: details.trim() ? details : undefined,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    send.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: REPORT_THANKS });
        reset();
        onOpenChange(false);
      },
      onError: (failure) =>
        setError(apiErrorOf(failure)?.message ?? "Could not send the report. Please try again."),
    });
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Report {label}?</DialogTitle>
            <DialogDescription>
              An operator reads every report and decides what to do. Tell them what is wrong.
            </DialogDescription>
          </DialogHeader>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Reason</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {REPORT_REASONS.map((key) => (
                <label
                  key={key}
                  className={cn(
                    "flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm",
                    "has-[input:checked]:border-primary has-[input:checked]:bg-accent",
                    "has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-ring",
                  )}
                >
                  <input
                    type="radio"
                    name={`${id}-reason`}
                    value={key}
                    checked={reason === key}
                    onChange={() => setReason(key)}
                    className="accent-primary"
                  />
                  {REPORT_REASON_LABELS[key]}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-details`}>Details (optional)</Label>
            <Textarea
              id={`${id}-details`}
              value={details}
              onChange={(event) => setDetails(event.target.value)}
              maxLength={REPORT_DETAILS_MAX}
              rows={3}
            />
          </div>
          {error && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              disabled={send.isPending}
              onClick={() => close(false)}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? "Sending..." : "Send report"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
