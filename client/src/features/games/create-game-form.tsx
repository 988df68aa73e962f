import type { Court } from "@common/courts.ts";
import {
  GAME_TITLE_MAX,
  GAME_TYPES,
  gameTitle,
  MAX_PLAYERS_DEFAULT,
  MAX_PLAYERS_MAX,
  MAX_PLAYERS_MIN,
  SCHEDULE_AHEAD_DAYS,
} from "@common/game-limits.ts";
import { zoneName } from "@common/game-time.ts";
import {
  type CreateGameInput,
  type CreateGameValues,
  createGameInputSchema,
} from "@common/games.ts";
import { ownTimeZone, toZonedInputValue, zonedValueToIso } from "@common/zoned-time.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useCallback, useMemo, useRef, useState } from "react";
import { Controller, type UseFormReturn, useForm } from "react-hook-form";
import { Link, useLocation } from "wouter";
import { Button } from "@/components/ui/button.tsx";
import { FormField } from "@/components/ui/form-field.tsx";
import { CountInput, Input } from "@/components/ui/input.tsx";
import { Select } from "@/components/ui/select.tsx";
import { toast } from "@/components/ui/use-toast.ts";
import { apiErrorOf } from "@/lib/api.ts";
import { useAuth } from "@/lib/auth/use-auth.ts";
import { keyStartsWith } from "@/lib/query-match.ts";
import { CourtPicker } from "./court-picker.tsx";
import { useCreateGame } from "./use-create-game.ts";

const FIELDS = [
  "courtId",
  "title",
  "scheduledAt",
  "maxPlayers",
  "gameType",
  "minPlayers",
  "decideBeforeMinutes",
] as const;
type Field = (typeof FIELDS)[number];
const isField = (name: string): name is Field => (FIELDS as readonly string[]).includes(name);

const schemaResolver = zodResolver(createGameInputSchema);

/** /games/create: a court, a title, when, how many and what kind of game (product §2, §9). */
export function CreateGameForm({
  courtId,
  extraFields,
  submitInstead,
  submitLabel = "Create Game",
}: {
  courtId?: number;
  /** Fields other features add (the go/no-go), given the form to register them with. */
  extraFields?: (form: UseFormReturn<CreateGameValues, unknown, CreateGameInput>) => ReactNode;
  /** Another feature's submit (a run); true when it took the input, false to create the game. */
  submitInstead?: (
    input: CreateGameInput,
    form: UseFormReturn<CreateGameValues, unknown, CreateGameInput>,
  ) => Promise<boolean>;
  submitLabel?: string;
}) {
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const create = useCreateGame();
  // A second click lands before React re-renders the disabled button: one game, not two.
  const submitting = useRef(false);
  // The time typed is the court's local time (a player in New York planning a run at an LA
  // court types LA time); before a court is chosen, the player's own.
  const [court, setCourt] = useState<Court | undefined>(undefined);
  const timeZone = court?.timeZone ?? ownTimeZone();
  const zone = useRef(timeZone);
  zone.current = timeZone;
  // The form holds the datetime-local text; the schema (the server's) checks it as an ISO
  // instant with the court's offset, so both sides refuse a past time with the same words.
  const resolver = useMemo<typeof schemaResolver>(
    () => (values, context, options) =>
      schemaResolver(
        { ...values, scheduledAt: zonedValueToIso(values.scheduledAt, zone.current) },
        context,
        options,
      ),
    [],
  );
  const onCourtChange = useCallback((chosen: Court | undefined) => setCourt(chosen), []);
  const form = useForm<CreateGameValues, unknown, CreateGameInput>({
    resolver,
    defaultValues: {
      courtId,
      title: "",
      scheduledAt: "",
      maxPlayers: MAX_PLAYERS_DEFAULT,
      gameType: "pickup",
    },
  });
  const { errors } = form.formState;

  function showFailure(error: unknown) {
    const apiError = apiErrorOf(error);
    if (apiError?.status === 404) {
      form.setError("courtId", { message: apiError.message }, { shouldFocus: true });
      // The court list was cached; the court has gone since.
      void queryClient.invalidateQueries(keyStartsWith("/api/courts?"));
      return;
    }
    const fieldErrors = Object.entries(apiError?.errors ?? {}).filter(([f]) => isField(f));
    if (apiError?.status === 400 && fieldErrors.length > 0) {
      fieldErrors.forEach(([field, message], index) => {
        form.setError(field as Field, { message }, { shouldFocus: index === 0 });
      });
      return;
    }
    toast({
      variant: "destructive",
      title: "Could not create the game",
      description: apiError?.message ?? "Please try again.",
    });
  }

  const submit = form.handleSubmit(async (input) => {
    if (await submitInstead?.(input, form)) return;
    try {
      const game = await create.mutateAsync(input);
      toast({
        title: "Game created!",
        description: `${gameTitle(game)} is on. Share it with your crew.`,
      });
      navigate(`/game/${game.id}`);
    } catch (error) {
      showFailure(error);
    }
  });

  const now = new Date();
  return (
    <form
      noValidate
      aria-label="Create a game"
      className="grid gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        if (submitting.current) return;
        submitting.current = true;
        void submit(event).finally(() => {
          submitting.current = false;
        });
      }}
    >
      <Controller
        control={form.control}
        name="courtId"
        render={({ field, fieldState }) => (
          <CourtPicker
            value={typeof field.value === "number" ? field.value : undefined}
            onChange={field.onChange}
            onCourtChange={onCourtChange}
            inputRef={field.ref}
            here={user}
            error={fieldState.error?.message}
          />
        )}
      />
      <FormField label="Title" error={errors.title?.message}>
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            maxLength={GAME_TITLE_MAX}
            placeholder="Sunday Morning Run"
            {...form.register("title")}
          />
        )}
      </FormField>
      <FormField
        label="Date and time"
        hint={
          court
            ? `Local time at ${court.name} (${zoneName(now, timeZone)}), up to ${SCHEDULE_AHEAD_DAYS} days ahead.`
            : `Choose the court first: the time is the court's local time. Up to ${SCHEDULE_AHEAD_DAYS} days ahead.`
        }
        error={errors.scheduledAt?.message}
      >
        {(control) => (
          <Input
            {...control}
            type="datetime-local"
            min={toZonedInputValue(now, timeZone)}
            max={toZonedInputValue(
              new Date(now.getTime() + SCHEDULE_AHEAD_DAYS * 86_400_000),
              timeZone,
            )}
            {...form.register("scheduledAt")}
          />
        )}
      </FormField>
      <div className="grid gap-6 sm:grid-cols-2">
        <FormField
          label="Number of players"
          hint={`From ${MAX_PLAYERS_MIN} to ${MAX_PLAYERS_MAX}, you included.`}
          error={errors.maxPlayers?.message}
        >
          {(control) => (
            <CountInput
              {...control}
              min={MAX_PLAYERS_MIN}
              max={MAX_PLAYERS_MAX}
              {...form.register("maxPlayers", { valueAsNumber: true })}
            />
          )}
        </FormField>
        <FormField label="Game type" error={errors.gameType?.message}>
          {(control) => (
            <Select {...control} {...form.register("gameType")}>
              {Object.entries(GAME_TYPES).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      {extraFields?.(form)}
      <div className="flex flex-wrap justify-end gap-3">
        <Button asChild variant="outline">
          <Link href="/games">Cancel</Link>
        </Button>
        {/* Pending for a game or for the run another feature makes instead. */}
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? "Creating..." : submitLabel}
        </Button>
      </div>
    </form>
  );
}
