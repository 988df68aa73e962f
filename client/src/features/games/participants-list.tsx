import { playerName } from "@common/game-limits.ts";
import type { Participant } from "@common/games.ts";
import { PlayerAvatar } from "@/components/player-avatar.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";

function ParticipantRow({ participant }: { participant: Participant }) {
  const name = playerName(participant.user);
  return (
    <li className="flex items-start gap-3 py-3">
      <PlayerAvatar
        imageUrl={participant.user.profileImageUrl}
        initial={name}
        className="size-10 text-base"
      />
      {/* Badges wrap under the name: a narrow column never squeezes the name away. */}
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{name}</p>
        <p className="truncate text-sm text-muted-foreground">
          {participant.user.profile?.primaryPosition ?? "Position not set"}
        </p>
        <div className="mt-1 flex flex-wrap gap-1">
          {participant.isOrganizer && (
            <Badge variant="outline" className="border-orange-300 bg-accent text-accent-foreground">
              Organizer
            </Badge>
          )}
          {participant.team && <Badge variant="secondary">Team {participant.team}</Badge>}
          {/* Spec §4: joined is the default; confirmed in the primary style. */}
          <Badge
            variant={participant.status === "confirmed" ? "default" : "secondary"}
            className="capitalize"
          >
            {participant.status}
          </Badge>
        </div>
      </div>
    </li>
  );
}

type ParticipantsListProps = {
  participants: Participant[] | undefined;
  isError: boolean;
};

/** Who holds a seat, organizer first (the API's order). */
export function ParticipantsList({ participants, isError }: ParticipantsListProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Players{participants ? ` (${participants.length})` : ""}</CardTitle>
      </CardHeader>
      <CardContent>
        {isError ? (
          <p role="alert">Could not load the players. Please try again.</p>
        ) : participants === undefined ? (
          <p role="status">Loading players...</p>
        ) : participants.length === 0 ? (
          <p className="text-muted-foreground">No players yet.</p>
        ) : (
          <ul aria-label="Players" className="divide-y">
            {participants.map((p) => (
              <ParticipantRow key={p.userId} participant={p} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
