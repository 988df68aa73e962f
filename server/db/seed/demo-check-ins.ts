import { DEMO_PLAYERS } from "./demo-players.ts";
import { laDateTime, laWeekday } from "./la-time.ts";

/**
 * Past check-ins of the demo players, so a newcomer's court page shows popular times and Court
 * Kings from the start: the regulars' weekly runs at Venice Beach over the last six weeks, and
 * a few visits at Oakwood (too few for popular times: that page says so).
 */
type Run = {
  court: string;
  weekday: string;
  hour: number;
  minute: number;
  minutes: number;
  players: number;
};

const RUNS: readonly Run[] = [
  { court: "venice-beach", weekday: "Saturday", hour: 10, minute: 0, minutes: 120, players: 10 },
  { court: "venice-beach", weekday: "Tuesday", hour: 18, minute: 0, minutes: 90, players: 6 },
  { court: "venice-beach", weekday: "Thursday", hour: 18, minute: 30, minutes: 90, players: 5 },
  { court: "venice-beach", weekday: "Sunday", hour: 16, minute: 0, minutes: 60, players: 4 },
  { court: "oakwood", weekday: "Wednesday", hour: 17, minute: 0, minutes: 60, players: 1 },
];
const WEEKS = 6;
const WEEK_MS = 7 * 86_400_000;

export type PlannedCheckIn = { court: string; player: string; at: Date; minutes: number };

/**
 * Every run of the last WEEKS weeks up to `now`, one check-in per player; a run under way is
 * cut at `now` (its players leave as the demo is seeded). Popular times average over the
 * weeks since the first check-in, a part week counting whole: a run just over six weeks back
 * would make seven weeks and thin every average, and a Saturday run under way left out would
 * leave five Saturdays in six. (In the six weeks after the clocks go back, on Saturday between
 * 9 and 10, the Saturday run six weeks back began more than six weeks ago and is left out:
 * about 8 players at 10 then.)
 */
export function planDemoCheckIns(now: Date): PlannedCheckIn[] {
  const planned: PlannedCheckIn[] = [];
  for (let days = 0; days <= WEEKS * 7; days++) {
    const weekday = laWeekday(laDateTime(now, -days, 12, 0));
    for (const run of RUNS.filter((r) => r.weekday === weekday)) {
      // Oakwood's one regular comes every other week only.
      if (run.court === "oakwood" && days > 21) continue;
      const at = laDateTime(now, -days, run.hour, run.minute);
      if (now.getTime() - at.getTime() >= WEEKS * WEEK_MS) continue;
      const minutes = Math.min(run.minutes, Math.floor((now.getTime() - at.getTime()) / 60_000));
      if (minutes < 1) continue;
      for (const player of DEMO_PLAYERS.slice(0, run.players)) {
        planned.push({ court: run.court, player: player.key, at, minutes });
      }
    }
  }
  return planned;
}
