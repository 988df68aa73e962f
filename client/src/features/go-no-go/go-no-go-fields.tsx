import type { CreateGameInput, CreateGameValues } from "@common/games.ts";
import {
  DECIDE_BEFORE_DEFAULT_MINUTES,
  DECIDE_BEFORE_MAX_MINUTES,
  DECIDE_BEFORE_MIN_MINUTES,
} from "@common/go-no-go-text.ts";
import type { UseFormReturn } from "react-hook-form";
import { FormField } from "@/components/ui/form-field.tsx";
import { CountInput } from "@/components/ui/input.tsx";
import { Select } from "@/components/ui/select.tsx";

/** The decision times offered, in minutes before the start: 15 min to 48 h. */
const DECIDE_BEFORE_CHOICES = [15, 30, 60, 120, 180, 360, 720, 1440, 2880];

const beforeLabel = (minutes: number) =>
  minutes < 60
    ? `${minutes} minutes before`
    : `${minutes / 60} ${minutes === 60 ? "hour" : "hours"} before`;

/** Empty: no go/no-go (the field is left out of the request). */
const minimumOf = (value: unknown) =>
  value === "" || value === null || value === undefined ? undefined : Number(value);

/**
 * The create form's go/no-go: an optional minimum of players and, once one is given, when the
 * game is decided. The create form's schema checks them against the game.
 */
export function GoNoGoFields({
  form,
}: {
  form: UseFormReturn<CreateGameValues, unknown, CreateGameInput>;
}) {
  const { errors } = form.formState;
  const minimum = form.watch("minPlayers");
  return (
    <fieldset className="grid gap-6 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-semibold">Go / no-go (optional)</legend>
      <FormField
        label="Minimum players"
        hint="Below this at the decision time, the game is called off and everyone is told."
        error={errors.minPlayers?.message}
      >
        {(control) => (
          <CountInput
            {...control}
            min={2}
            {...form.register("minPlayers", { setValueAs: minimumOf })}
          />
        )}
      </FormField>
      {minimum !== undefined && minimum !== null && (
        <FormField label="Decide" error={errors.decideBeforeMinutes?.message}>
          {(control) => (
            <Select
              {...control}
              defaultValue={DECIDE_BEFORE_DEFAULT_MINUTES}
              {...form.register("decideBeforeMinutes", { setValueAs: Number })}
            >
              {DECIDE_BEFORE_CHOICES.filter(
                (m) => m >= DECIDE_BEFORE_MIN_MINUTES && m <= DECIDE_BEFORE_MAX_MINUTES,
              ).map((minutes) => (
                <option key={minutes} value={minutes}>
                  {beforeLabel(minutes)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      )}
    </fieldset>
  );
}
