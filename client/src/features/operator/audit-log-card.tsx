import type { AuditEntry } from "@common/moderation.ts";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { auditLogQuery } from "./operator-queries.ts";
import { formatWhen } from "./report-words.ts";

function AuditLine({ entry }: { entry: AuditEntry }) {
  return (
    <li className="space-y-1 py-3 text-sm">
      <p className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span>
          {/* Grants and revokes come from the command line, with no operator behind them. */}
          <span className="font-medium">{entry.operator?.name ?? "Command line"}</span>{" "}
          {entry.summary}
          {entry.target && <> · {entry.target.name}</>}
        </span>
        <time dateTime={entry.at} className="text-muted-foreground">
          {formatWhen(entry.at)}
        </time>
      </p>
      {entry.reason && <p className="text-muted-foreground">Reason: {entry.reason}</p>}
    </li>
  );
}

/** Every operator action, newest first; older entries on demand. */
export function AuditLogCard() {
  const log = useInfiniteQuery(auditLogQuery());
  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Audit log</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {log.isPending ? (
          <p role="status">Loading the audit log...</p>
        ) : log.isError ? (
          <p role="alert">Could not load the audit log. Please try again.</p>
        ) : entries.length === 0 ? (
          <p className="text-muted-foreground">Nothing yet.</p>
        ) : (
          <ul aria-label="Audit log entries" className="divide-y">
            {entries.map((entry) => (
              <AuditLine key={entry.id} entry={entry} />
            ))}
          </ul>
        )}
        {log.hasNextPage && (
          <Button
            variant="outline"
            disabled={log.isFetchingNextPage}
            onClick={() => void log.fetchNextPage()}
          >
            {log.isFetchingNextPage ? "Loading..." : "Load older"}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
