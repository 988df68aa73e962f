import { useAuth } from "@/lib/auth/use-auth.ts";
import { CityPicker } from "./city-picker.tsx";
import { LeaderboardList } from "./leaderboard-list.tsx";
import { type LeaderboardPlace, useLocalLeaderboard } from "./leaderboard-queries.ts";

type LocalLeaderboardProps = {
  /** The city chosen on this page, if any. */
  chosen: LeaderboardPlace | null;
  onChoose: (place: LeaderboardPlace) => void;
};

/** The Local tab: the chosen city, else the signed-in player's own, else a prompt to choose. */
export function LocalLeaderboard({ chosen, onChoose }: LocalLeaderboardProps) {
  const { user } = useAuth();
  const own = user?.city && user.state ? { city: user.city, state: user.state } : null;
  const place = chosen ?? own;
  return (
    <div className="space-y-4">
      <CityPicker value={place} onChange={onChoose} />
      {place ? (
        <CityLeaderboard place={place} />
      ) : (
        <p className="py-6 text-center text-muted-foreground">
          Choose a city to see its local leaderboard.
        </p>
      )}
    </div>
  );
}

function CityLeaderboard({ place }: { place: LeaderboardPlace }) {
  const result = useLocalLeaderboard(place);
  return (
    <LeaderboardList result={result} label={`Leaderboard for ${place.city}, ${place.state}`} />
  );
}
