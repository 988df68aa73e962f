import { MAX_PLAYERS_MAX } from "@common/game-limits.ts";
import { editGameInputSchema } from "@common/game-line.ts";
import type { Game } from "@common/games.ts";
import { NEED_MORE_MAX, needMoreInputSchema } from "@common/invites.ts";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { CountInput } from "@/components/ui/input.tsx";
import { Label } from "@/components/ui/label.tsx";
import { useEditPlayers, useNeedMore } from "./use-organizer-tools.ts";

function NumberForm({
  label,
  initial,
  min,
  max,
  submitLabel,
  pending,
  onSubmit,
  validate,
}: {
  label: string;
  initial: number;
  min: number;
  max: number;
  submitLabel: (value: number) => string;
  pending: boolean;
  onSubmit: (value: number) => void;
  validate: (value: number) => string | undefined;
}) {
  const id = useId();
  const [value, setValue] = useState(String(initial));
  const [error, setError] = useState<string>();
  const number = Number(value);
  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validate(number);
    setError(problem);
    if (!problem) onSubmit(number);
  }
  return (
    <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <CountInput
          id={id}
          min={min}
          max={max}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="w-24"
        />
      </div>
      <Button type="submit" variant="outline" disabled={pending}>
        {submitLabel(number)}
      </Button>
      {error && (
        <p id={`${id}-error`} role="alert" className="basis-full text-sm text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}

/**
 * The organizer's tools before the start: change the number of players (raising it seats the
 * waiting list at once) and 'Need N more', which asks nearby players of similar skill.
 */
export function OrganizerTools({ game }: { game: Game }) {
  const edit = useEditPlayers(game.id);
  const ask = useNeedMore(game.id);
  const open = game.maxPlayers - game.currentPlayers;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Fill your game</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <NumberForm
          key={`max-${game.maxPlayers}`}
          label="Number of players"
          initial={game.maxPlayers}
          min={Math.max(2, game.currentPlayers)}
          max={MAX_PLAYERS_MAX}
          submitLabel={() => "Save"}
          pending={edit.isPending}
          validate={(maxPlayers) => {
            const parsed = editGameInputSchema.safeParse({ maxPlayers });
            if (!parsed.success) return parsed.error.issues[0]?.message;
            if (maxPlayers < game.currentPlayers) {
              return `${game.currentPlayers} players already hold a spot.`;
            }
            return undefined;
          }}
          onSubmit={(maxPlayers) => edit.mutate({ maxPlayers })}
        />
        {open > 0 && (
          <NumberForm
            key={`need-${open}`}
            label="Players needed"
            initial={open}
            min={1}
            max={Math.min(open, NEED_MORE_MAX)}
            submitLabel={(n) => `Need ${Number.isInteger(n) && n > 0 ? n : "N"} more`}
            pending={ask.isPending}
            validate={(needed) => {
              const parsed = needMoreInputSchema.safeParse({ needed });
              if (!parsed.success) return parsed.error.issues[0]?.message;
              if (needed > open)
                return open === 1 ? "Only 1 spot is open." : `Only ${open} spots are open.`;
              return undefined;
            }}
            onSubmit={(needed) => ask.mutate({ needed })}
          />
        )}
      </CardContent>
    </Card>
  );
}
