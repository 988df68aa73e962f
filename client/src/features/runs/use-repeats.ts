import type { CreateGameInput, CreateGameValues } from "@common/games.ts";
import { type CreateRunValues, createRunInputSchema, type Run } from "@common/runs.ts";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useLocation } from "wouter";
import { toast } from "@/components/ui/use-toast.ts";
import { apiErrorOf, apiRequest } from "@/lib/api.ts";
import { keyStartsWith } from "@/lib/query-match.ts";
import { runQuery } from "./run-query.ts";
import { weekdayOf } from "./weekday-of.ts";

export type GameForm = UseFormReturn<CreateGameValues, unknown, CreateGameInput>;

/** The create form's "Repeats" as typed: the rule of the run the game would start. */
export type Repeats = {
  on: boolean;
  /** Null until the player ticks a day: the chosen date's weekday. */
  weekdays: number[] | null;
  intervalWeeks: number;
  ends: "never" | "on" | "after";
  untilDate: string;
  count: string;
  earlyAccessHours: string;
};

const RUN_FIELDS = ["weekdays", "intervalWeeks", "untilDate", "count", "earlyAccessHours"] as const;
type RunField = (typeof RUN_FIELDS)[number];
export type RepeatsErrors = Partial<Record<RunField, string>>;

/** A run's fields the game form already shows: its court, title, seats, type, date and time. */
const GAME_FIELD = {
  courtId: "courtId",
  title: "title",
  maxPlayers: "maxPlayers",
  gameType: "gameType",
  firstDate: "scheduledAt",
  startTime: "scheduledAt",
} as const;

const NO_REPEAT: Repeats = {
  on: false,
  weekdays: null,
  intervalWeeks: 1,
  ends: "never",
  untilDate: "",
  count: "",
  earlyAccessHours: "0",
};

/** The days ticked: the date's own weekday until the player chooses. */
export function weekdaysOf(repeats: Repeats, dateTime: string): number[] {
  if (repeats.weekdays) return repeats.weekdays;
  return /^\d{4}-\d{2}-\d{2}/.test(dateTime) ? [weekdayOf(dateTime.slice(0, 10))] : [];
}

/** Empty text is no number (the schema's message), not 0. */
const numberOf = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

/**
 * The run a repeating game makes: the form's court, title, seats and type, and its date and time
 * as typed, on the court's clock (a time a clock change skips reaches the server as typed, so
 * it can say so).
 */
export function runValuesOf(input: CreateGameInput, dateTime: string, repeats: Repeats) {
  return {
    courtId: input.courtId,
    title: input.title,
    maxPlayers: input.maxPlayers,
    gameType: input.gameType,
    firstDate: dateTime.slice(0, 10),
    startTime: dateTime.slice(11, 16),
    weekdays: weekdaysOf(repeats, dateTime),
    intervalWeeks: repeats.intervalWeeks,
    untilDate: repeats.ends === "on" ? repeats.untilDate : undefined,
    count: repeats.ends === "after" ? numberOf(repeats.count) : undefined,
    earlyAccessHours: numberOf(repeats.earlyAccessHours || "0"),
  } satisfies CreateRunValues;
}

/**
 * The create page's "Repeats" (issue 32 point 1): its choices, their errors, and the submit
 * that makes a run instead of a game when the game repeats (POST /api/runs, then the run's
 * page). Errors go where the player typed: the game form's fields or the Repeats fields.
 */
export function useRepeats() {
  const [repeats, setRepeats] = useState<Repeats>(NO_REPEAT);
  const [errors, setErrors] = useState<RepeatsErrors>({});
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();

  const change = (patch: Partial<Repeats>) => setRepeats((now) => ({ ...now, ...patch }));

  /** Field errors shown where they belong; false when none of them is a field's. */
  function showErrors(form: GameForm, fieldErrors: Record<string, string>): boolean {
    const own: RepeatsErrors = {};
    let first = true;
    let shown = false;
    for (const [field, message] of Object.entries(fieldErrors)) {
      if ((RUN_FIELDS as readonly string[]).includes(field)) {
        own[field as RunField] = message;
        shown = true;
      } else if (field in GAME_FIELD) {
        const name = GAME_FIELD[field as keyof typeof GAME_FIELD];
        form.setError(name, { message }, { shouldFocus: first });
        first = false;
        shown = true;
      }
    }
    setErrors(own);
    return shown;
  }

  async function submit(input: CreateGameInput, form: GameForm): Promise<boolean> {
    if (!repeats.on) return false;
    const values = runValuesOf(input, form.getValues("scheduledAt"), repeats);
    const checked = createRunInputSchema.safeParse(values);
    if (!checked.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0] ?? "");
        fieldErrors[field] ??= issue.message;
      }
      showErrors(form, fieldErrors);
      return true;
    }
    setErrors({});
    try {
      const response = await apiRequest("POST", "/api/runs", checked.data);
      const run = (await response.json()) as Run;
      queryClient.setQueryData(runQuery(run.id).queryKey, run);
      // Its dates are games: every list of games may show them.
      void queryClient.invalidateQueries(keyStartsWith("/api/games"));
      toast({
        title: "Run created!",
        description: "Its first dates are up. Share it with your crew.",
      });
      navigate(`/runs/${run.id}`);
    } catch (error) {
      const apiError = apiErrorOf(error);
      if (apiError?.status === 404) {
        form.setError("courtId", { message: apiError.message }, { shouldFocus: true });
      } else if (apiError?.status !== 400 || !showErrors(form, apiError.errors ?? {})) {
        toast({
          variant: "destructive",
          title: "Could not create the run",
          description: apiError?.message ?? "Please try again.",
        });
      }
    }
    return true;
  }

  return { repeats, change, errors, submit };
}
