import {
  SUGGESTION_DAYS,
  SUGGESTION_MARGIN,
  SUGGESTION_NEAR_MILES,
} from "@common/suggestion-limits.ts";
import { useQuery } from "@tanstack/react-query";
import { Card, CardContent } from "@/components/ui/card.tsx";
import { NewCourtForm } from "./new-court-form.tsx";
import { type SuggestionAction, SuggestionItem } from "./suggestion-item.tsx";
import { mySuggestionsQuery, nearbySuggestionsQuery } from "./suggestion-queries.ts";

function SuggestionList({
  title,
  empty,
  query,
  canVote,
  action,
}: {
  title: string;
  empty: string;
  query: typeof mySuggestionsQuery;
  canVote: boolean;
  action?: SuggestionAction;
}) {
  const { data, isPending } = useQuery(query);
  const headingId = `${String(query.queryKey[0]).replaceAll("/", "-")}-heading`;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-xl font-semibold">
        {title}
      </h2>
      {isPending ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : !data?.length ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        data.map((suggestion) => (
          <SuggestionItem
            key={suggestion.id}
            suggestion={suggestion}
            canVote={canVote}
            action={action}
          />
        ))
      )}
    </section>
  );
}

/** /courts/suggest: add a missing court, follow one's suggestions, decide on others' nearby. */
export function SuggestCourtView({
  suggestionAction,
}: {
  /** What the page puts beside others' pending suggestions (Report). */
  suggestionAction?: SuggestionAction;
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Card>
        <CardContent className="pt-6">
          <NewCourtForm />
        </CardContent>
      </Card>
      <div className="space-y-6">
        <p className="text-sm text-muted-foreground">
          No admin decides: a suggestion changes the map once players within {SUGGESTION_NEAR_MILES}{" "}
          miles confirm it by {SUGGESTION_MARGIN} more votes than say it is wrong, and lapses after{" "}
          {SUGGESTION_DAYS} days.
        </p>
        <SuggestionList
          title="Near you"
          empty="No open suggestions near your city."
          query={nearbySuggestionsQuery}
          canVote
          action={suggestionAction}
        />
        <SuggestionList
          title="Your suggestions"
          empty="You have not suggested anything yet."
          query={mySuggestionsQuery}
          canVote={false}
        />
      </div>
    </div>
  );
}
