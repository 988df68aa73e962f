import {
  CONDITION_KIND_KEYS,
  CONDITION_KINDS,
  type ConditionKind,
} from "@common/condition-kinds.ts";
import { CONDITION_NOTE_MAX, conditionReportInputSchema } from "@common/court-conditions.ts";
import type { Position } from "@common/position.ts";
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
import { cn } from "@/lib/cn.ts";
import { currentPosition, PositionError } from "@/lib/current-position.ts";
import { useReportCondition } from "./use-condition-actions.ts";

type ReportConditionDialogProps = {
  courtId: number;
  courtName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * What the player sees at the court. The server decides whether they are there: a recent
 * check-in is enough; otherwise (403) the dialog offers to send the browser's position.
 */
export function ReportConditionDialog({
  courtId,
  courtName,
  open,
  onOpenChange,
}: ReportConditionDialogProps) {
  const id = useId();
  const [kind, setKind] = useState<ConditionKind | "">("");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string>();
  const [needsPosition, setNeedsPosition] = useState(false);
  const [locating, setLocating] = useState(false);
  const report = useReportCondition(courtId);
  const busy = report.isPending || locating;

  function reset() {
    setKind("");
    setNote("");
    setError(undefined);
    setNeedsPosition(false);
  }

  function close(next: boolean) {
    if (busy) return;
    if (!next) reset();
    onOpenChange(next);
  }

  function send(position?: Position) {
    const parsed = conditionReportInputSchema.safeParse({
      kind,
      note: note || undefined,
      position,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    report.mutate(parsed.data, {
      onSuccess: ({ created }) => {
        toast({
          title: created ? "Thanks for the report" : "Report confirmed",
          description: created
            ? "Players heading to this court will see it."
            : "Someone had reported this already; your word makes it last longer.",
        });
        reset();
        onOpenChange(false);
      },
      onError: (failure) => {
        const apiError = apiErrorOf(failure);
        if (apiError?.status === 403 && !position) setNeedsPosition(true);
        setError(apiError?.message ?? "Could not send the report. Please try again.");
      },
    });
  }

  async function sendWithPosition() {
    setLocating(true);
    try {
      const position = await currentPosition();
      setLocating(false);
      send(position);
    } catch (failure) {
      setLocating(false);
      setError(
        failure instanceof PositionError ? failure.message : "Your location could not be found.",
      );
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (needsPosition) void sendWithPosition();
    else send();
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Report a condition</DialogTitle>
            <DialogDescription>
              What do you see at {courtName} right now? Reports lapse on their own: a full court
              after 90 minutes, broken rims after two weeks.
            </DialogDescription>
          </DialogHeader>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">What do you see?</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {CONDITION_KIND_KEYS.map((key) => (
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
                    name={`${id}-kind`}
                    value={key}
                    checked={kind === key}
                    onChange={() => setKind(key)}
                    className="accent-primary"
                  />
                  {CONDITION_KINDS[key].label}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-note`}>Note (optional)</Label>
            <textarea
              id={`${id}-note`}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              maxLength={CONDITION_NOTE_MAX}
              rows={2}
              className="rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            />
          </div>
          {needsPosition && (
            <p className="text-sm">
              You are not checked in here. Share your location to show you are at the court; it is
              kept with the report.
            </p>
          )}
          {error && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={busy} onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Sending..." : needsPosition ? "Share location and report" : "Report"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
