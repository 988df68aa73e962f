import type { Run } from "@common/runs.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent } from "@/components/ui/card.tsx";
import { apiRequest } from "@/lib/api.ts";
import { runQuery } from "./run-query.ts";

/** The run's regulars, and the signed-in player's follow and "count me in by default". */
export function RunRegulars({ run, userId }: { run: Run; userId: string | null }) {
  const client = useQueryClient();
  const mine = run.regulars.find((r) => r.userId === userId);
  const save = useMutation({
    mutationFn: async (choice: { follow: boolean; countMeIn?: boolean }) =>
      (
        await apiRequest(
          choice.follow ? "PUT" : "DELETE",
          `/api/runs/${run.id}/regular`,
          choice.follow ? { countMeIn: choice.countMeIn ?? false } : undefined,
        )
      ).json(),
    onSuccess: (saved: Run) => client.setQueryData(runQuery(run.id).queryKey, saved),
  });
  return (
    <Card>
      <CardContent className="space-y-3 pt-6">
        <h2 className="text-xl font-semibold">Regulars</h2>
        {run.regulars.length === 0 ? (
          <p>No regulars yet.</p>
        ) : (
          <ul aria-label="Regulars">
            {run.regulars.map((r) => (
              <li key={r.userId}>
                {r.name}
                {r.countMeIn ? " · counted in by default" : ""}
              </li>
            ))}
          </ul>
        )}
        {userId && userId !== run.organizerId && run.status === "active" && (
          <div className="flex flex-wrap items-center gap-3">
            {mine ? (
              <Button
                variant="outline"
                disabled={save.isPending}
                onClick={() => save.mutate({ follow: false })}
              >
                Stop Following
              </Button>
            ) : (
              <Button disabled={save.isPending} onClick={() => save.mutate({ follow: true })}>
                Follow Run
              </Button>
            )}
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={mine?.countMeIn ?? false}
                disabled={save.isPending}
                onChange={(e) => save.mutate({ follow: true, countMeIn: e.target.checked })}
              />
              Count me in by default (a seat on each new date while seats last)
            </label>
          </div>
        )}
        {save.isError && <p role="alert">Could not save. Try again.</p>}
      </CardContent>
    </Card>
  );
}
