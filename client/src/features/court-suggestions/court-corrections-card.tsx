import { useQuery } from "@tanstack/react-query";
import { PencilLine } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { lazyDialog } from "@/components/ui/lazy-dialog.tsx";
import { useAuth } from "@/lib/auth/use-auth.ts";
import type { CorrectionDialog as CorrectionDialogModule } from "./correction-dialog.tsx";
import { type SuggestionAction, SuggestionItem } from "./suggestion-item.tsx";
import { courtCorrectionsQuery } from "./suggestion-queries.ts";

// Its form loads when the dialog first opens, not with the court page.
const CorrectionDialog = lazyDialog(
  () => import("./correction-dialog.tsx").then((m) => m.CorrectionDialog),
  (props) => props.open,
);

type Court = Parameters<typeof CorrectionDialogModule>[0]["court"] & {
  isActive: boolean;
  timeZone: string;
};

/** Players keep this court's facts true: open corrections to vote on, and Suggest a correction. */
export function CourtCorrectionsCard({
  court,
  suggestionAction,
}: {
  court: Court;
  /** What the page puts beside others' pending corrections (Report). */
  suggestionAction?: SuggestionAction;
}) {
  const { isAuthenticated } = useAuth();
  const corrections = useQuery(courtCorrectionsQuery(court.id));
  const [open, setOpen] = useState(false);
  const list = corrections.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <PencilLine className="size-5 text-brand" aria-hidden="true" />
          Keep it true
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {list.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Something wrong here? Players nearby fix it together.
          </p>
        ) : (
          list.map((suggestion) => (
            <SuggestionItem
              key={suggestion.id}
              suggestion={suggestion}
              canVote={isAuthenticated}
              timeZone={court.timeZone}
              action={suggestionAction}
            />
          ))
        )}
        {court.isActive &&
          (isAuthenticated ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => setOpen(true)}>
                Suggest a correction
              </Button>
              <Button variant="ghost" asChild>
                <Link href="/courts/suggest">Add a missing court</Link>
              </Button>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">Sign in to suggest a correction.</p>
          ))}
      </CardContent>
      <CorrectionDialog court={court} open={open} onOpenChange={setOpen} />
    </Card>
  );
}
