import { playerName, RATING_MAX, RATING_MIN } from "@common/game-limits.ts";
import { type GivenRating, type Participant, rateInputSchema } from "@common/games.ts";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/components/ui/card.tsx";
import { apiErrorOf } from "@/lib/api.ts";
import { givenRatingsQuery } from "@/lib/game-queries.ts";
import { RatingPicker } from "./rating-picker.tsx";
import { useSaveRatings } from "./use-save-ratings.ts";

type RatingsFormProps = { gameId: number; players: Participant[]; given: GivenRating[] };

function RatingsForm({ gameId, players, given }: RatingsFormProps) {
  const [ratings, setRatings] = useState<Record<string, number | undefined>>(() =>
    Object.fromEntries(given.map((r) => [r.userId, r.rating])),
  );
  const [error, setError] = useState<string>();
  const save = useSaveRatings(gameId);

  function submit(event: FormEvent) {
    event.preventDefault();
    // Only the players the viewer rated: leaving one out is not a rating.
    const rated = players.flatMap((p) => {
      const rating = ratings[p.userId];
      return rating === undefined ? [] : [{ userId: p.userId, rating }];
    });
    const parsed = rateInputSchema.safeParse({ ratings: rated });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data, {
      onError: (failure) =>
        setError(apiErrorOf(failure)?.message ?? "Could not save your ratings. Please try again."),
    });
  }

  return (
    <form noValidate aria-label="Rate players" onSubmit={submit} className="grid gap-4">
      <div className="divide-y">
        {players.map((p) => (
          <RatingPicker
            key={p.userId}
            playerName={playerName(p.user)}
            value={ratings[p.userId]}
            onChange={(rating) => setRatings((current) => ({ ...current, [p.userId]: rating }))}
          />
        ))}
      </div>
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" className="justify-self-start" disabled={save.isPending}>
        {save.isPending ? "Saving..." : "Save Ratings"}
      </Button>
    </form>
  );
}

type RatePlayersCardProps = { gameId: number; players: Participant[] };

/** A player of a completed game rates the others they ran with, prefilled with earlier ratings. */
export function RatePlayersCard({ gameId, players }: RatePlayersCardProps) {
  const given = useQuery(givenRatingsQuery(gameId));
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Rate Players</CardTitle>
        <CardDescription>
          From {RATING_MIN} to {RATING_MAX}: how did each player you ran with play?
        </CardDescription>
      </CardHeader>
      <CardContent>
        {given.isPending ? (
          <p role="status">Loading your ratings...</p>
        ) : given.isError ? (
          <p role="alert">Could not load your ratings. Please try again.</p>
        ) : (
          <RatingsForm gameId={gameId} players={players} given={given.data} />
        )}
      </CardContent>
    </Card>
  );
}
