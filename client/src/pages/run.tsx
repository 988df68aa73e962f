import { parseId } from "@common/id-parse.ts";
import { RUN_NOT_FOUND } from "@common/runs.ts";
import { useParams } from "wouter";
import { Page } from "@/components/ui/page.tsx";
import { CoOrganizers } from "@/features/organizer-tools/co-organizers.tsx";
import { MessageRegulars } from "@/features/organizer-tools/message-regulars.tsx";
import { RunDetail } from "@/features/runs/run-detail.tsx";

export default function RunPage() {
  const { id } = useParams<{ id: string }>();
  const runId = parseId(id);
  return (
    <Page>
      {runId === null ? (
        <h1 className="text-2xl font-bold">{RUN_NOT_FOUND}</h1>
      ) : (
        <div className="space-y-6">
          <RunDetail key={runId} id={runId} />
          <MessageRegulars key={`message-${runId}`} runId={runId} />
          <CoOrganizers key={`co-organizers-${runId}`} runId={runId} />
        </div>
      )}
    </Page>
  );
}
