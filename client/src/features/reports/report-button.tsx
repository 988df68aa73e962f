import { Flag } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { ReportDialog, type ReportTarget } from "./report-dialog.tsx";

/** "Report" beside a player or a piece of content; the dialog asks for a reason. */
export function ReportButton(target: ReportTarget) {
  const [open, setOpen] = useState(false);
  return (
    <ReportDialog
      {...target}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          size="sm"
          variant="ghost"
          className="text-muted-foreground"
          aria-label={`Report ${target.label}`}
        >
          <Flag aria-hidden="true" />
          Report
        </Button>
      }
    />
  );
}
