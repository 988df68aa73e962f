import { playerName } from "@common/game-limits.ts";
import type { Participant } from "@common/games.ts";
import { useId } from "react";
import { Select } from "@/components/ui/select.tsx";

type KeepMeWithProps = {
  players: Participant[];
  partnerId: string | null;
  disabled: boolean;
  onChange: (partnerId: string | null) => void;
};

/** A seated player names the one player they want on their team next time teams are made. */
export function KeepMeWith({ players, partnerId, disabled, onChange }: KeepMeWithProps) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        Keep me with…
      </label>
      <Select
        id={id}
        className="sm:max-w-xs"
        value={partnerId ?? ""}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value === "" ? null : event.target.value)}
      >
        <option value="">No one</option>
        {players.map((p) => (
          <option key={p.userId} value={p.userId}>
            {playerName(p.user)}
          </option>
        ))}
      </Select>
    </div>
  );
}
