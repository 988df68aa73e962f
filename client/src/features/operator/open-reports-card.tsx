import { useQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/components/ui/card.tsx";
import { OpenReportCard } from "./open-report-card.tsx";
import { openReportsQuery } from "./operator-queries.ts";

/** The open reports, oldest first (the server's order): the longest waiting come first. */
export function OpenReportsCard() {
  const reports = useQuery(openReportsQuery());
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Open reports</CardTitle>
        <CardDescription>Oldest first. Every action is written to the audit log.</CardDescription>
      </CardHeader>
      <CardContent>
        {reports.isPending ? (
          <p role="status">Loading reports...</p>
        ) : reports.isError ? (
          <div role="alert" className="space-y-2">
            <p>Could not load the reports. Please try again.</p>
            <Button variant="outline" size="sm" onClick={() => void reports.refetch()}>
              Try again
            </Button>
          </div>
        ) : reports.data.length === 0 ? (
          <p className="text-muted-foreground">No open reports.</p>
        ) : (
          <ul aria-label="Open reports" className="space-y-4">
            {reports.data.map((report) => (
              <li key={report.id}>
                <OpenReportCard report={report} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
