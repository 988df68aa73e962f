import type { CantMakeItAnswer } from "@common/reminders.ts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardHeader } from "@/components/ui/card.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { apiErrorOf, apiRequest } from "@/lib/api.ts";

/**
 * The page a reminder e-mail's "Can't make it" opens: what the link would do, and one button
 * that does it. Opening the page changes nothing (mail scanners open links too); the answer
 * after the tap, or a link already used, or a game started, is said plainly.
 */
export function CantMakeItPanel({ token }: { token: string }) {
  const path = `/api/reminders/cant-make-it/${encodeURIComponent(token)}`;
  const look = useQuery<CantMakeItAnswer>({ queryKey: [path], retry: false });
  const free = useMutation({
    mutationFn: async () => (await (await apiRequest("POST", path)).json()) as CantMakeItAnswer,
  });

  const refused = apiErrorOf(free.error ?? look.error);
  const said = free.data ?? (refused ? null : look.data);
  const gameId = free.data?.gameId ?? look.data?.gameId;

  return (
    <Card>
      <CardHeader>
        <h1 className="text-2xl font-bold tracking-tight">Can't make it?</h1>
      </CardHeader>
      <CardContent className="grid justify-items-start gap-4">
        {look.isPending && <Skeleton className="h-12 w-full" />}
        {refused && <p role="alert">{refused.message}</p>}
        {!refused && (look.isError || free.isError) && (
          <p role="alert">Something went wrong. Please try again.</p>
        )}
        {said && <p role={said.state === "freed" ? "status" : undefined}>{said.message}</p>}
        {look.data?.state === "ready" && !free.data && !refused && (
          <Button onClick={() => free.mutate()} disabled={free.isPending}>
            Free my seat
          </Button>
        )}
        {gameId !== undefined && (
          <Button variant="outline" asChild>
            <Link href={`/game/${gameId}`}>Open the game</Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
