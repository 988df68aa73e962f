/**
 * Benchmark of the teams split (issue 33 point 3, decision 111; not a test, prints figures):
 *
 *   node --import tsx bench/teams-split.ts [--runs 3] [--warm 20]
 *
 * Each run is a fresh Node process (so the first call is as cold as a server's first tap) that
 * times bestSplit for 15 players (two fives and a waiting team of 5: 378,378 splits) and for 10
 * (126 splits): the first call, then the median of `--warm` more. Beside it, its bare twin: the
 * same enumeration of waiting teams and splits computing only each split's μ difference, the
 * floor any exhaustive search of these splits pays (bestSplit may beat it by ruling out
 * whole waiting teams with a bound). CPU time is printed with the wall time, so a
 * busy machine shows as the gap between them.
 */
import { spawnSync } from "node:child_process";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { bestSplit, type SplitPlayer } from "../server/modules/teams/split.ts";

const POSITIONS = ["Point Guard", "Shooting Guard", "Small Forward", "Power Forward", "Center"];

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

/** Players of mixed levels and positions, the same every run (a fixed sequence). */
function players(n: number): SplitPlayer[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `player-${String(i).padStart(2, "0")}`,
    mu: 25 + (((i * 7) % 9) - 4) * 2.1,
    sigma: 3 + ((i * 5) % 6),
    position: POSITIONS[i % POSITIONS.length] as string,
  }));
}

/** The bare twin: every waiting team and every split of the rest, μ difference only. */
function bareEnumeration(list: SplitPlayer[]): number {
  const n = list.length;
  const waiting = Math.max(0, n - 10);
  const mu = new Float64Array(1 << n);
  for (let mask = 1; mask < 1 << n; mask++) {
    const low = mask & -mask;
    mu[mask] = (mu[mask ^ low] as number) + (list[31 - Math.clz32(low)] as SplitPlayer).mu;
  }
  const next = (x: number) => {
    const low = x & -x;
    const ripple = x + low;
    return (((ripple ^ x) >>> 2) / low) | ripple;
  };
  let best = Number.POSITIVE_INFINITY;
  const all = (1 << n) - 1;
  for (let c = waiting === 0 ? 0 : (1 << waiting) - 1; c <= all; c = next(c)) {
    const playing = all & ~c;
    const m = n - waiting;
    // Local masks over the playing players, spread to their bits once per waiting team.
    const spread = new Uint32Array(1 << m);
    const order: number[] = [];
    for (let i = 0; i < n; i++) if (playing & (1 << i)) order.push(i);
    for (let local = 1; local < 1 << m; local++) {
      const low = local & -local;
      spread[local] =
        (spread[local ^ low] as number) | (1 << (order[31 - Math.clz32(low)] as number));
    }
    // The first playing player on the first side, as bestSplit counts a split once.
    for (let x = (1 << (Math.ceil(m / 2) - 1)) - 1; x < 1 << (m - 1); x = next(x)) {
      const side = spread[(x << 1) | 1] as number;
      best = Math.min(best, Math.abs(2 * (mu[side] as number) - (mu[playing] as number)));
    }
    if (waiting === 0) break;
  }
  return best;
}

function time(work: () => unknown): { wallMs: number; cpuMs: number } {
  const cpu = process.cpuUsage();
  const start = performance.now();
  work();
  return { wallMs: performance.now() - start, cpuMs: process.cpuUsage(cpu).user / 1000 };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

function child(): void {
  const warm = option("warm", 20);
  const answer: Record<string, unknown> = {};
  for (const n of [15, 10]) {
    const list = players(n);
    const first = time(() => bestSplit({ players: list }));
    const again = Array.from({ length: warm }, () => time(() => bestSplit({ players: list })));
    const bareFirst = time(() => bareEnumeration(list));
    const bare = Array.from({ length: warm }, () => time(() => bareEnumeration(list)));
    answer[n] = {
      considered: bestSplit({ players: list }).considered,
      firstWall: first.wallMs,
      firstCpu: first.cpuMs,
      warmWall: median(again.map((t) => t.wallMs)),
      warmCpu: median(again.map((t) => t.cpuMs)),
      bareFirstWall: bareFirst.wallMs,
      bareWarmWall: median(bare.map((t) => t.wallMs)),
    };
  }
  console.log(JSON.stringify(answer));
}

function parent(): void {
  const runs = option("runs", 3);
  const self = fileURLToPath(import.meta.url);
  console.log(
    `teams split bench: ${runs} runs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  const f = (ms: number) => `${ms.toFixed(1)} ms`;
  for (let run = 1; run <= runs; run++) {
    const out = spawnSync(
      process.execPath,
      ["--import", "tsx", self, "--child", ...process.argv.slice(2)],
      {
        encoding: "utf8",
      },
    );
    if (out.status !== 0) throw new Error(out.stderr);
    const answer = JSON.parse(out.stdout.trim().split("\n").at(-1) ?? "{}") as Record<
      string,
      Record<string, number>
    >;
    for (const n of ["15", "10"]) {
      const r = answer[n] ?? {};
      console.log(
        `run ${run}, ${n} players (${r.considered} splits): first ${f(r.firstWall ?? 0)} (cpu ${f(r.firstCpu ?? 0)}), warm ${f(r.warmWall ?? 0)} (cpu ${f(r.warmCpu ?? 0)}); bare twin first ${f(r.bareFirstWall ?? 0)}, warm ${f(r.bareWarmWall ?? 0)}`,
      );
    }
  }
}

if (process.argv.includes("--child")) child();
else parent();
