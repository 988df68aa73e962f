import { levelText } from "@common/levels.ts";
import { type NearbyPlayer, skillLevelOf } from "@common/players.ts";
import { reliabilityLabel } from "@common/reliability.ts";
import { Check, UserPlus } from "lucide-react";
import { useEffect, useState } from "react";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { cn } from "@/lib/cn.ts";
import { InviteDialog } from "./invite/invite-dialog.tsx";

/** Spec §9: 'Invited!' shows for 2 seconds. */
export const INVITED_MS = 2000;

/** Spec §2's fallback, shown only when the distance is unknown. */
const UNKNOWN_DISTANCE = "0.2 miles away";

function distanceLabel(miles: number | null | undefined): string {
  if (miles === null || miles === undefined) return UNKNOWN_DISTANCE;
  // The server rounds to 0.1: a player on the same block would otherwise be "0 miles away".
  if (miles < 0.1) return "Less than 0.1 miles away";
  return `${miles} ${miles === 1 ? "mile" : "miles"} away`;
}

type PlayerCardProps = {
  player: NearbyPlayer;
  headingLevel?: "h2" | "h3" | "h4";
  /** What the page adds beside the card's facts (the players page: the friend control). */
  extra?: React.ReactNode;
};

/**
 * Spec §2 "Player card": avatar, nickname, primary position, distance, a badge (the skill
 * level the player says), availability and Invite; and the level their results show
 * (decision 110). Invite (spec: no server call) opens a dialog to pick one of
 * the caller's upcoming games with room and sends a real invitation; then it shows 'Invited!'
 * for 2 seconds and returns to idle. It is disabled when the player is not available.
 */
export function PlayerCard({ player, headingLevel: Heading = "h3", extra }: PlayerCardProps) {
  const [invited, setInvited] = useState(false);
  const [picking, setPicking] = useState(false);
  useEffect(() => {
    if (!invited) return;
    const timer = setTimeout(() => setInvited(false), INVITED_MS);
    return () => clearTimeout(timer);
  }, [invited]);

  const initial = (player.nickname || player.firstName || "?").charAt(0).toUpperCase();
  const showsUp = reliabilityLabel(player.reliability);
  return (
    <article
      aria-label={player.nickname}
      className="flex items-center gap-3 rounded-lg border bg-card p-4 shadow-sm"
    >
      {player.profileImageUrl ? (
        <img src={player.profileImageUrl} alt="" className="size-12 rounded-full object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="grid size-12 shrink-0 place-items-center rounded-full bg-accent text-lg font-bold text-accent-foreground"
        >
          {initial}
        </span>
      )}
      <div className="min-w-0 flex-1 space-y-1">
        <Heading className="truncate font-semibold">{player.nickname}</Heading>
        <p className="text-sm text-muted-foreground">
          {player.primaryPosition} · {distanceLabel(player.distanceMiles)}
        </p>
        {player.location && <p className="text-sm text-muted-foreground">{player.location}</p>}
        <p className="text-sm text-muted-foreground">{levelText(player.rating)}</p>
        {showsUp && <p className="text-sm text-muted-foreground">{showsUp}</p>}
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <Badge variant="secondary">{skillLevelOf(player.skillAverage)}</Badge>
          {player.skillMatch !== null && (
            <span className="font-medium">{player.skillMatch}% skill match</span>
          )}
          <span
            className={cn(
              "font-medium",
              player.isAvailable ? "text-green-800" : "text-muted-foreground",
            )}
          >
            {player.isAvailable ? "Available now" : "Not available"}
          </span>
        </div>
        {extra}
      </div>
      <Button
        size="sm"
        variant={invited ? "secondary" : "default"}
        disabled={!player.isAvailable}
        onClick={() => setPicking(true)}
      >
        {invited ? <Check aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
        {invited ? "Invited!" : "Invite"}
      </Button>
      <InviteDialog
        playerId={player.id}
        playerName={player.nickname}
        open={picking}
        onOpenChange={setPicking}
        onInvited={() => setInvited(true)}
      />
    </article>
  );
}
