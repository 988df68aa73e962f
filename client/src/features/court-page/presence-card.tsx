import type { CourtDetail } from "@common/court-page.ts";
import { useQuery } from "@tanstack/react-query";
import { Users } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { lazyDialog } from "@/components/ui/lazy-dialog.tsx";
import { useAuth } from "@/lib/auth/use-auth.ts";
import { useCheckInDialog } from "@/lib/use-check-in-dialog.ts";
import { presenceQuery } from "./court-queries.ts";

// Loaded when first opened, not with the court page.
const CheckInDialog = lazyDialog(
  () => import("@/components/check-in-dialog.tsx").then((m) => m.CheckInDialog),
  (props) => props.open,
);
const SignUpDialog = lazyDialog(
  () => import("@/components/sign-up-dialog.tsx").then((m) => m.SignUpDialog),
  (props) => props.action !== null,
);

export function presenceLabel(count: number): string {
  if (count === 0) return "Nobody is checked in right now.";
  return count === 1 ? "1 player is here now." : `${count} players are here now.`;
}

/**
 * Who is checked in now, and the Check In button. Visitors see how many; signed-in players also
 * see the names of those who show their location. A closed court takes no check-ins.
 */
export function PresenceCard({ court }: { court: CourtDetail }) {
  const { isAuthenticated } = useAuth();
  const presence = useQuery(presenceQuery(court.id));
  const dialog = useCheckInDialog();
  const [askSignUp, setAskSignUp] = useState(false);
  const data = presence.data;
  const checkIn = () => (isAuthenticated ? dialog.openFor(court) : setAskSignUp(true));

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-3 space-y-0">
        <CardTitle as="h2" className="flex items-center gap-2">
          <Users className="size-5 text-brand" aria-hidden="true" />
          Who's here
        </CardTitle>
        {court.isActive && !data?.viewerHere && <Button onClick={checkIn}>Check In</Button>}
      </CardHeader>
      <CardContent className="space-y-2">
        {presence.isPending ? (
          <p className="text-sm text-muted-foreground">Loading…</p>
        ) : presence.isError || !data ? (
          <p className="text-sm text-muted-foreground">Who is here could not be loaded.</p>
        ) : (
          <>
            <p className="font-medium">{presenceLabel(data.count)}</p>
            {data.viewerHere && <p className="text-sm text-green-800">You're checked in here.</p>}
            {data.players.length > 0 && (
              <ul className="flex flex-wrap gap-2" aria-label="Players here">
                {data.players.map((player) => (
                  <li key={player.id} className="rounded-full bg-muted px-3 py-1 text-sm">
                    {player.name}
                  </li>
                ))}
              </ul>
            )}
            {isAuthenticated && data.unnamed > 0 && data.players.length > 0 && (
              <p className="text-sm text-muted-foreground">
                {data.unnamed === 1
                  ? "and 1 more who keeps their location private"
                  : `and ${data.unnamed} more who keep their location private`}
              </p>
            )}
            {!isAuthenticated && data.count > 0 && (
              <p className="text-sm text-muted-foreground">Sign in to see who.</p>
            )}
          </>
        )}
      </CardContent>
      <CheckInDialog {...dialog.dialogProps} />
      <SignUpDialog action={askSignUp ? "check in" : null} onClose={() => setAskSignUp(false)} />
    </Card>
  );
}
