import { reliabilityLabel } from "@common/reliability.ts";
import { useQuery } from "@tanstack/react-query";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { myReliabilityQuery } from "./showing-up-query.ts";

/** A player's own record and how it is counted (Settings). */
export function MyReliabilityCard() {
  const query = useQuery(myReliabilityQuery());
  const data = query.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Showing up</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {query.isError ? (
          <p role="alert">Could not load your record. Please try again.</p>
        ) : !data ? (
          <p role="status">Loading your record...</p>
        ) : (
          <>
            <p className="font-semibold">
              {reliabilityLabel(data.record) ??
                `Your record shows once you have ${data.minGames} games (${data.record.expected} so far).`}
              {data.percent !== null && ` (${data.percent}%)`}
            </p>
            <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
              <li>
                It counts the games of the last {data.days} days you held a seat in: you are present
                when you check in at the court from 30 minutes before to 60 minutes after the start,
                or when the organizer marks you.
              </li>
              <li>
                A seat not marked present once the organizer closes attendance (or 48 hours after
                the start) is a no-show. Games called off count for nobody.
              </li>
              <li>
                Leaving more than {data.lateDropHours} hours before the start costs nothing; later
                is a late drop, which counts as a miss in your percentage.
              </li>
              <li>
                Others see it on your seat and in waiting lines once you have {data.minGames} games.
              </li>
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  );
}
