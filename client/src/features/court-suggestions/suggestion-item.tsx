import type { CourtSuggestion } from "@common/court-suggestions.ts";
import { SUGGESTION_MARGIN } from "@common/suggestion-limits.ts";
import { dateFormat } from "@common/zoned-time.ts";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { toast } from "@/components/ui/use-toast.ts";
import { apiErrorOf } from "@/lib/api.ts";
import { proposalLines, STATUS_LABELS, suggestionTitle } from "./suggestion-format.ts";
import { useVoteOnSuggestion } from "./use-suggestion-actions.ts";

const day = (timeZone?: string) => dateFormat({ month: "short", day: "numeric", timeZone });

/** What the page puts beside a pending suggestion someone else made (Report). */
export type SuggestionAction = (suggestion: CourtSuggestion) => ReactNode;

type SuggestionItemProps = {
  suggestion: CourtSuggestion;
  /** Signed-in players other than the suggester may vote while it is pending. */
  canVote: boolean;
  /**
   * The court's zone on its own page, which the server renders for visitors: its days read the
   * same there and in the browser. Elsewhere the reader's own clock.
   */
  timeZone?: string;
  /** Shown with the vote buttons, so only to those who may vote on it. */
  action?: SuggestionAction;
};

/** One suggestion: what it proposes, its state and votes, and the two vote buttons. */
export function SuggestionItem({ suggestion, canVote, timeZone, action }: SuggestionItemProps) {
  const vote = useVoteOnSuggestion();
  const pending = suggestion.status === "pending";
  const titleId = `suggestion-${suggestion.id}`;

  function cast(agree: boolean) {
    vote.mutate(
      { id: suggestion.id, agree },
      {
        onSuccess: (after) =>
          toast({
            title: after.status === "accepted" ? "Accepted: the map is updated" : "Vote counted",
            description:
              after.status === "pending"
                ? `It needs ${SUGGESTION_MARGIN} more confirmations than objections to change the map.`
                : STATUS_LABELS[after.status],
          }),
        onError: (failure) =>
          toast({
            variant: "destructive",
            title: "Vote not counted",
            description: apiErrorOf(failure)?.message ?? failure.message,
          }),
      },
    );
  }

  const lines = proposalLines(suggestion);
  return (
    <article aria-labelledby={titleId} className="space-y-2 rounded-lg border p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="font-semibold">
          {suggestion.courtId !== null &&
          (suggestion.kind === "change" || suggestion.status === "accepted") ? (
            <Link
              href={`/courts/${suggestion.courtId}`}
              className="underline-offset-4 hover:underline"
            >
              {suggestionTitle(suggestion)}
            </Link>
          ) : (
            suggestionTitle(suggestion)
          )}
        </h3>
        <Badge variant={suggestion.status === "accepted" ? "default" : "secondary"}>
          {STATUS_LABELS[suggestion.status]}
        </Badge>
      </div>
      {lines.length > 0 && <p className="text-sm">{lines.join(" · ")}</p>}
      <p className="text-sm text-muted-foreground">
        {suggestion.confirmations} confirmed · {suggestion.objections} said wrong ·{" "}
        {pending
          ? `open until ${day(timeZone).format(new Date(suggestion.expiresAt))}`
          : suggestion.decidedAt
            ? `decided ${day(timeZone).format(new Date(suggestion.decidedAt))}`
            : `lapsed ${day(timeZone).format(new Date(suggestion.expiresAt))}`}
      </p>
      {canVote && pending && !suggestion.mine && (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant={suggestion.viewerVote === true ? "default" : "outline"}
            aria-pressed={suggestion.viewerVote === true}
            disabled={vote.isPending}
            onClick={() => cast(true)}
          >
            This is right
          </Button>
          <Button
            size="sm"
            variant={suggestion.viewerVote === false ? "default" : "outline"}
            aria-pressed={suggestion.viewerVote === false}
            disabled={vote.isPending}
            onClick={() => cast(false)}
          >
            This is wrong
          </Button>
          {action?.(suggestion)}
        </div>
      )}
    </article>
  );
}
