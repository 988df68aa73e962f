import type { AccountSession } from "@common/account.ts";
import { useQuery } from "@tanstack/react-query";
import { Monitor } from "lucide-react";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/components/ui/card.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { accountSessionsQuery, useEndSessions } from "./account-requests.ts";

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

function SessionRow({ session }: { session: AccountSession }) {
  const end = useEndSessions();
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <Monitor className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {session.device} {session.current && <Badge variant="secondary">This browser</Badge>}
        </p>
        <p className="text-sm text-muted-foreground">
          Signed in {when(session.createdAt)} · last seen {when(session.lastSeenAt)}
        </p>
      </div>
      {!session.current && (
        <Button
          variant="outline"
          size="sm"
          onClick={() => end.mutate(session.id)}
          disabled={end.isPending}
          aria-label={`Sign out ${session.device}, signed in ${when(session.createdAt)}`}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}

/** Settings → Sessions: every browser signed in to the account; sign out one or all others. */
export function SessionsCard() {
  const sessions = useQuery(accountSessionsQuery);
  const endOthers = useEndSessions();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Sessions</CardTitle>
        <CardDescription>Where your account is signed in.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sessions.isPending && <Skeleton className="h-16" />}
        {sessions.isError && (
          <p role="alert" className="text-sm text-destructive">
            Your sessions could not be loaded.
          </p>
        )}
        {sessions.data && (
          <ul aria-label="Signed-in devices" className="divide-y">
            {sessions.data.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
        )}
        <Button
          variant="outline"
          className="justify-self-start"
          disabled={others === 0 || endOthers.isPending}
          onClick={() => endOthers.mutate("others")}
        >
          Sign out everywhere else
        </Button>
      </CardContent>
    </Card>
  );
}
