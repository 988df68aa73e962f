import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";

/** Spec §2: a placeholder until there is an activity feed. */
export function RecentActivity() {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Recent Activity</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-sm text-muted-foreground">
          Your check-ins, games and badges will show up here. Coming soon.
        </p>
      </CardContent>
    </Card>
  );
}
