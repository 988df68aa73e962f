import {
  type OperatorAction,
  type OperatorReport,
  resolveReportInputSchema,
  SUSPEND_DAYS_MAX,
} from "@common/moderation.ts";
import { type FormEvent, type ReactNode, useState } from "react";
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
import { FormField } from "@/components/ui/form-field.tsx";
import { CountInput } from "@/components/ui/input.tsx";
import { Textarea } from "@/components/ui/textarea.tsx";
import { toast } from "@/components/ui/use-toast.ts";
import { apiErrorOf } from "@/lib/api.ts";
import { useResolveReport } from "./operator-queries.ts";
import { actionWords } from "./report-words.ts";

type Errors = { reason?: string; days?: string; form?: string };

type ResolveReportDialogProps = {
  report: OperatorReport;
  action: OperatorAction;
  trigger: ReactNode;
};

/**
 * One operator action on one report: a reason (always; the player is told), the days of a
 * suspension, and for a ban a second look before it is sent, as it cannot be undone here.
 */
export function ResolveReportDialog({ report, action, trigger }: ResolveReportDialogProps) {
  const words = actionWords(action, report);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [days, setDays] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [confirming, setConfirming] = useState(false);
  const resolve = useResolveReport(report.id);

  function change(next: boolean) {
    if (resolve.isPending) return;
    if (!next) {
      setReason("");
      setDays("");
      setErrors({});
      setConfirming(false);
    }
    setOpen(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = resolveReportInputSchema.safeParse({
      action,
      reason,
      days: action === "suspend" && days.trim() !== "" ? Number(days) : undefined,
    });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field =
          issue.path[0] === "days" ? "days" : issue.path[0] === "reason" ? "reason" : "form";
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    if (action === "ban" && !confirming) {
      setConfirming(true);
      return;
    }
    resolve.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: words.done });
        change(false);
      },
      onError: (failure) => {
        const apiError = apiErrorOf(failure);
        // Another operator acted: the list is read again and this report leaves it.
        if (apiError?.status === 409) {
          toast({ variant: "destructive", title: "Already done", description: apiError.message });
          change(false);
          return;
        }
        setConfirming(false);
        setErrors({
          reason: apiError?.errors?.reason,
          days: apiError?.errors?.days,
          form: apiError?.message ?? "Could not save. Please try again.",
        });
      },
    });
  }

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{words.title}</DialogTitle>
            <DialogDescription>{words.explain}</DialogDescription>
          </DialogHeader>
          {confirming ? (
            <p role="alert" className="text-sm">
              Sure? {report.reported?.name ?? "The player"} will be banned and told: "
              {reason.trim()}"
            </p>
          ) : (
            <>
              <FormField
                label="Reason"
                hint="The player is told, and it is kept in the audit log."
                error={errors.reason}
              >
                {(control) => (
                  <Textarea
                    {...control}
                    value={reason}
                    onChange={(event) => setReason(event.target.value)}
                    maxLength={500}
                    rows={3}
                  />
                )}
              </FormField>
              {action === "suspend" && (
                <FormField label={`Days (1 to ${SUSPEND_DAYS_MAX})`} error={errors.days}>
                  {(control) => (
                    <CountInput
                      {...control}
                      value={days}
                      onChange={(event) => setDays(event.target.value)}
                      min={1}
                      max={SUSPEND_DAYS_MAX}
                      className="w-32"
                    />
                  )}
                </FormField>
              )}
            </>
          )}
          {errors.form && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errors.form}
            </p>
          )}
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              disabled={resolve.isPending}
              onClick={() => (confirming ? setConfirming(false) : change(false))}
            >
              {confirming ? "Back" : "Cancel"}
            </Button>
            <Button
              type="submit"
              variant={action === "ban" || action === "suspend" ? "destructive" : "default"}
              disabled={resolve.isPending}
            >
              {resolve.isPending
                ? "Saving..."
                : confirming
                  ? `Yes, ban ${report.reported?.name ?? "the player"}`
                  : words.button}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
