import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { toast } from "@/components/ui/use-toast.ts";
import { apiErrorOf, apiRequest } from "@/lib/api.ts";
import { useAuth } from "@/lib/auth/use-auth.ts";
import { coOrganizersQuery } from "@/lib/organizes.ts";
import { runQuery } from "./run-query.ts";

/**
 * For the run's organizer: each regular, and whether they help run it. Co-organizers may remove
 * players from the run's dates and message its regulars (decision 104).
 */
export function CoOrganizers({ runId }: { runId: number }) {
  const { user } = useAuth();
  const run = useQuery(runQuery(runId));
  const mine = Boolean(user && run.data?.organizerId === user.id);
  const helpers = useQuery({ ...coOrganizersQuery(runId), enabled: mine });
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: async ({ userId, add }: { userId: string; add: boolean }) =>
      (
        await apiRequest(add ? "PUT" : "DELETE", `/api/runs/${runId}/co-organizers/${userId}`)
      ).json(),
    onSuccess: (answer) => client.setQueryData(coOrganizersQuery(runId).queryKey, answer),
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Error",
        description: apiErrorOf(error)?.message ?? "Could not change co-organizers. Try again.",
      }),
  });
  if (!mine || !run.data || !helpers.data || run.data.regulars.length === 0) return null;
  const named = new Set(helpers.data.coOrganizers);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Co-organizers</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-sm text-muted-foreground">
          Co-organizers can remove players from this run's dates and message its regulars.
        </p>
        <ul aria-label="Regulars who can help" className="divide-y">
          {run.data.regulars.map((regular) => {
            const helping = named.has(regular.userId);
            return (
              <li key={regular.userId} className="flex flex-wrap items-center gap-3 py-2">
                <span className="font-medium">{regular.name}</span>
                {helping && <Badge>Co-organizer</Badge>}
                <Button
                  size="sm"
                  variant="outline"
                  className="ml-auto"
                  disabled={change.isPending}
                  onClick={() => change.mutate({ userId: regular.userId, add: !helping })}
                >
                  {helping
                    ? `Remove ${regular.name} as co-organizer`
                    : `Make ${regular.name} co-organizer`}
                </Button>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
