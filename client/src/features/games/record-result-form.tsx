import { playerName, type Team } from "@common/game-limits.ts";
import {
  type Game,
  type Participant,
  RESULT_SCORE_MAX,
  recordResultInputSchema,
} from "@common/games.ts";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { apiErrorOf } from "@/lib/api.ts";
import { madeTeamOf, teamsQuery } from "@/lib/teams-queries.ts";
import { NO_RESULT_ERRORS, type ResultErrors, resultErrorsOf } from "./result-errors.ts";
import { ScoreField } from "./score-field.tsx";
import { TeamPicker } from "./team-picker.tsx";
import { useRecordResult } from "./use-record-result.ts";

type RecordResultFormProps = {
  game: Game;
  participants: Participant[];
  onSaved: () => void;
  /** Offered when the form was opened from a button (editing, or ending a game early). */
  onCancel?: () => void;
};

// An empty box is "no score" (the schema's message), not 0.
const scoreOf = (text: string) => (text.trim() === "" ? undefined : Number(text));

/** The organizer's final score and sides; editing starts from the recorded result. */
export function RecordResultForm({ game, participants, onSaved, onCancel }: RecordResultFormProps) {
  const [teams, setTeams] = useState<Record<string, Team | undefined>>(() =>
    Object.fromEntries(participants.map((p) => [p.userId, p.team ?? undefined])),
  );
  const [teamAScore, setTeamAScore] = useState(String(game.result?.teamAScore ?? ""));
  const [teamBScore, setTeamBScore] = useState(String(game.result?.teamBScore ?? ""));
  const [errors, setErrors] = useState<ResultErrors>(NO_RESULT_ERRORS);
  const save = useRecordResult(game.id);
  // Players with no side yet start on the team they were put on (decision 111); the waiting
  // team and players nobody placed stay unpicked.
  const made = useQuery(teamsQuery(game.id)).data;
  useEffect(() => {
    if (!made) return;
    setTeams((current) =>
      Object.fromEntries(
        participants.map((p) => [p.userId, current[p.userId] ?? madeTeamOf(made, p.userId)]),
      ),
    );
  }, [made, participants]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = recordResultInputSchema.safeParse({
      teamAScore: scoreOf(teamAScore),
      teamBScore: scoreOf(teamBScore),
      // Every player is sent, so one left without a side gets the schema's message by name.
      teams: Object.fromEntries(participants.map((p) => [p.userId, teams[p.userId] ?? ""])),
    });
    if (!parsed.success) {
      setErrors(resultErrorsOf(parsed.error.issues.map((i) => [i.path.map(String), i.message])));
      return;
    }
    setErrors(NO_RESULT_ERRORS);
    save.mutate(parsed.data, {
      onSuccess: onSaved,
      onError: (failure) => {
        const apiError = apiErrorOf(failure);
        const fields = Object.entries(apiError?.errors ?? {}).map(
          ([key, message]): [string[], string] => [key.split("."), message],
        );
        const found = resultErrorsOf(fields);
        found.form ??= apiError?.message ?? "Could not save the result. Please try again.";
        setErrors(found);
      },
    });
  }

  const title = game.result ? "Edit Result" : "Record Result";
  return (
    <form noValidate aria-label={title} onSubmit={submit} className="grid gap-4">
      <h3 className="font-semibold">{title}</h3>
      <div className="divide-y">
        {participants.map((p) => (
          <TeamPicker
            key={p.userId}
            playerName={playerName(p.user)}
            value={teams[p.userId]}
            onChange={(team) => setTeams((current) => ({ ...current, [p.userId]: team }))}
            error={errors.players[p.userId]}
          />
        ))}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <ScoreField
          label="Team A score"
          value={teamAScore}
          onChange={setTeamAScore}
          max={RESULT_SCORE_MAX}
          error={errors.teamAScore}
        />
        <ScoreField
          label="Team B score"
          value={teamBScore}
          onChange={setTeamBScore}
          max={RESULT_SCORE_MAX}
          error={errors.teamBScore}
        />
      </div>
      {errors.form && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.form}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save Result"}
        </Button>
        {onCancel && (
          <Button variant="outline" disabled={save.isPending} onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
