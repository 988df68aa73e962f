import { useQuery } from "@tanstack/react-query";
import { HttpError } from "@/lib/api.ts";
import { AuditLogCard } from "./audit-log-card.tsx";
import { ContactMessagesCard } from "./contact-messages-card.tsx";
import { OpenReportsCard } from "./open-reports-card.tsx";
import { openReportsQuery, operatorMeQuery } from "./operator-queries.ts";

const NOT_FOR_YOU = "This page is for operators.";

/**
 * The operators' console: the open reports, the contact form's messages and the audit log. Operators are granted from the
 * command line only, so anyone else who finds the address is told plainly it is not theirs.
 */
export function OperatorConsole() {
  const me = useQuery(operatorMeQuery());
  const isOperator = me.data?.operator === true;
  // Shares the cache with the list below: a revoked operator's 403 lands here too.
  const reports = useQuery({ ...openReportsQuery(), enabled: isOperator });
  const refused = reports.error instanceof HttpError && reports.error.status === 403;

  if (me.isPending) return <p role="status">Loading...</p>;
  if (me.isError) return <p role="alert">Could not check your access. Please try again.</p>;
  if (!isOperator || refused) return <p className="text-lg">{NOT_FOR_YOU}</p>;
  return (
    <div className="grid gap-6">
      <OpenReportsCard />
      <ContactMessagesCard />
      <AuditLogCard />
    </div>
  );
}
