import { opensToEveryoneAt } from "@common/early-access.ts";
import { formatSpotsLeft } from "@common/game-limits.ts";
import { formatGameTime } from "@common/game-time.ts";
import { RUN_NOT_FOUND, type Run, runWhenText } from "@common/runs.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "wouter";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent } from "@/components/ui/card.tsx";
import { apiRequest, HttpError } from "@/lib/api.ts";
import { useAuth } from "@/lib/auth/use-auth.ts";
import { useOrganizes } from "@/lib/organizes.ts";
import { useDocumentTitle } from "@/lib/use-document-title.ts";
import { ChangeRunForm } from "./change-run-form.tsx";
import { MoveRunDate } from "./move-run-date.tsx";
import { runQuery } from "./run-query.ts";
import { RunRegulars } from "./run-regulars.tsx";

/** The organizer ends the run: no new dates; the dates already made stay. */
function EndRunButton({ run }: { run: Run }) {
  const client = useQueryClient();
  const end = useMutation({
    mutationFn: async () => (await apiRequest("POST", `/api/runs/${run.id}/end`, {})).json(),
    onSuccess: (ended: Run) => client.setQueryData(runQuery(run.id).queryKey, ended),
  });
  return (
    <div className="space-y-2">
      <Button variant="destructive" disabled={end.isPending} onClick={() => end.mutate()}>
        End Run
      </Button>
      <p className="text-sm text-muted-foreground">
        No new dates are made. The dates below stay; cancel any of them on its own page.
      </p>
      {end.isError && <p role="alert">Could not end the run. Try again.</p>}
    </div>
  );
}

/** A run's page (/runs/{id}): its court, its days and time on the court's clock, its dates. */
export function RunDetail({ id }: { id: number }) {
  const run = useQuery(runQuery(id));
  const { user } = useAuth();
  const organizer = Boolean(user && run.data?.organizerId === user.id);
  // Co-organizers move dates too; the server refuses them the rest (changeRun, endRun).
  const movesDates = useOrganizes(run.data && { organizerId: run.data.organizerId, runId: id });
  const notFound = run.error instanceof HttpError && run.error.status === 404;
  useDocumentTitle(
    run.data ? (run.data.title ?? "Weekly Run") : notFound ? RUN_NOT_FOUND : "Weekly Run",
  );

  if (run.isPending) return <p role="status">Loading the run...</p>;
  if (run.isError) {
    return (
      <div role="alert" className="space-y-3">
        <h1 className="text-2xl font-bold">
          {notFound ? RUN_NOT_FOUND : "Could not load this run"}
        </h1>
      </div>
    );
  }
  const data = run.data;
  const next = data.upcoming.find((g) => g.status !== "cancelled");
  const ended = data.status === "ended";
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">{data.title ?? "Weekly Run"}</h1>
        <p className="text-lg">{runWhenText(data, next?.runDate)}</p>
        <p className="text-muted-foreground">
          <Link href={`/courts/${data.court.id}`}>{data.court.name}</Link>
          {data.court.address ? ` · ${data.court.address}` : ""}
        </p>
        {data.earlyAccessHours > 0 && (
          <p>
            Regulars get each new date {data.earlyAccessHours}{" "}
            {data.earlyAccessHours === 1 ? "hour" : "hours"} before everyone else.
          </p>
        )}
        {ended && <p className="font-medium">This run has ended.</p>}
        <a className="text-sm underline" href={`/api/runs/${data.id}.ics`}>
          Add the run to your calendar (.ics)
        </a>
      </header>
      <Card>
        <CardContent className="pt-6">
          <h2 className="mb-3 text-xl font-semibold">Upcoming dates</h2>
          {data.upcoming.length === 0 ? (
            <p>No dates to come.</p>
          ) : (
            <ul className="divide-y" aria-label="Upcoming dates">
              {data.upcoming.map((game) => (
                <li key={game.id} className="flex flex-wrap justify-between gap-2 py-2">
                  <Link href={`/game/${game.id}`}>
                    {formatGameTime(game.scheduledAt, game.court.timeZone, "short")}
                  </Link>
                  <span className="ml-auto">
                    {game.status === "cancelled"
                      ? "Cancelled"
                      : `${game.currentPlayers}/${game.maxPlayers} players · ${formatSpotsLeft(game.currentPlayers, game.maxPlayers)}`}
                  </span>
                  {game.status !== "cancelled" &&
                    game.opensAt &&
                    new Date(game.opensAt).getTime() > Date.now() && (
                      <span className="w-full text-sm text-muted-foreground">
                        Regulars only for now: opens to everyone{" "}
                        {opensToEveryoneAt(game.opensAt, game.court.timeZone)}
                      </span>
                    )}
                  {movesDates && game.status === "open" && <MoveRunDate run={data} date={game} />}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      {organizer && !ended && <ChangeRunForm run={data} />}
      <RunRegulars run={data} userId={user?.id ?? null} />
      {organizer && !ended && <EndRunButton run={data} />}
    </div>
  );
}
