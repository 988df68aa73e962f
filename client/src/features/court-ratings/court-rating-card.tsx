import { PRIOR_WEIGHT } from "@common/court-ratings-weight.ts";
import { useQuery } from "@tanstack/react-query";
import { Star } from "lucide-react";
import { useId } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { toast } from "@/components/ui/use-toast.ts";
import { apiErrorOf } from "@/lib/api.ts";
import { useAuth } from "@/lib/auth/use-auth.ts";
import { cn } from "@/lib/cn.ts";
import { courtRatingQuery } from "./court-rating-query.ts";
import { useRateCourt } from "./use-rate-court.ts";

const STARS = [1, 2, 3, 4, 5];

function StarPicker({
  value,
  disabled,
  onChange,
}: {
  value: number | null;
  disabled: boolean;
  onChange: (rating: number) => void;
}) {
  const name = useId();
  return (
    <div role="radiogroup" aria-labelledby={`${name}-label`} className="space-y-1">
      <p id={`${name}-label`} className="text-sm font-medium">
        {value ? "Your rating (change it any time)" : "Rate this court"}
      </p>
      <div className="flex gap-1">
        {STARS.map((stars) => (
          <label
            key={stars}
            className={cn(
              "grid size-11 cursor-pointer place-items-center rounded-md",
              "has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-ring",
              disabled && "cursor-not-allowed opacity-60",
            )}
          >
            <input
              type="radio"
              name={name}
              value={stars}
              checked={value === stars}
              disabled={disabled}
              onChange={() => onChange(stars)}
              aria-label={`${stars} of 5 stars`}
              className="sr-only"
            />
            <Star
              aria-hidden="true"
              className={cn(
                // The star is the label's face: taps go through it to the label.
                "pointer-events-none size-7",
                value !== null && stars <= value
                  ? "fill-amber-400 text-amber-500"
                  : "text-slate-400",
              )}
            />
          </label>
        ))}
      </div>
    </div>
  );
}

/** The court's rating from players (a Bayesian average), and the signed-in player's own stars. */
export function CourtRatingCard({ court }: { court: { id: number; isActive: boolean } }) {
  const { isAuthenticated } = useAuth();
  const query = useQuery(courtRatingQuery(court.id));
  const rate = useRateCourt(court.id);
  const summary = query.data;

  function choose(rating: number) {
    rate.mutate(rating, {
      onSuccess: () =>
        toast({ title: "Thanks for rating", description: `You gave it ${rating} of 5.` }),
      onError: (failure) =>
        toast({
          variant: "destructive",
          title: "Rating not saved",
          description: apiErrorOf(failure)?.message ?? "Please try again.",
        }),
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Star className="size-5 fill-amber-400 text-amber-500" aria-hidden="true" />
          Rating
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {summary && (
          <div>
            <p>
              <span className="text-3xl font-bold">{summary.rating.toFixed(1)}</span>
              <span className="text-muted-foreground"> of 5</span>
            </p>
            <p className="text-sm text-muted-foreground">
              {summary.count === 0
                ? "No player has rated it yet: this is the listed rating."
                : `${summary.count} ${summary.count === 1 ? "player" : "players"} rated it (average ${summary.playersMean?.toFixed(1)}).${
                    summary.count < PRIOR_WEIGHT
                      ? " The listed rating still counts until more players rate."
                      : ""
                  }`}
            </p>
          </div>
        )}
        {court.isActive &&
          (isAuthenticated ? (
            <StarPicker
              value={summary?.mine ?? null}
              disabled={rate.isPending || !summary}
              onChange={choose}
            />
          ) : (
            <p className="text-sm text-muted-foreground">Sign in to rate this court.</p>
          ))}
      </CardContent>
    </Card>
  );
}
