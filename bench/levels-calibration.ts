/**
 * How well learned levels find players' true levels (issue 33 point 1, decision 110; not a
 * test; prints figures):
 *
 *   node --import tsx bench/levels-calibration.ts [--players 300] [--seeds 5] [--self-noise 0.8]
 *     [--checkpoints 0,5,10,20] [--start-sigma σ]  (σ: try a start other than SIGMA_START)
 *
 * Simulated players with hidden true levels (normal around 3, sd 0.8, within 1–5) rate their
 * five skills as the truth plus their own bias and each skill's noise, rounded to whole numbers
 * (the start, as the product does). Games are 5 against 5: ten players drawn at random from the
 * pool, split at random; the winner is drawn with the model's own chance for the true levels.
 * Each result goes through model.ts as recordResult does. When a player reaches 5, 10 and 20
 * games their shown level (levelOf) is compared with their truth: mean absolute error, Spearman
 * rank correlation, the share within half a level, and the same for those the screens call
 * settled (σ below SIGMA_SETTLING) and for the self-rating alone. Runs `--seeds` pools.
 */
import {
  LEVEL_MAX,
  LEVEL_MIN,
  levelOf,
  muOfLevel,
  SIGMA_NEW,
  SIGMA_SETTLING,
  settlednessOf,
} from "../common/levels.ts";
import {
  rateGame,
  type SkillRating,
  startingRating,
  winChances,
} from "../server/modules/levels/model.ts";

const option = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : Number(process.argv[at + 1]);
};
const PLAYERS = option("players", 300);
const SEEDS = option("seeds", 5);
const SELF_NOISE = option("self-noise", 0.8);
const at = process.argv.indexOf("--checkpoints");
const CHECKPOINTS = (at < 0 ? "0,5,10,20" : (process.argv[at + 1] ?? "")).split(",").map(Number);
/** Explores another start: the product's σ is model.ts's SIGMA_START. */
const START_SIGMA = option("start-sigma", 0) || undefined;

/** mulberry32: a small seeded generator, so runs repeat. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

const clamp = (x: number) => Math.min(LEVEL_MAX, Math.max(LEVEL_MIN, x));

type Player = { truth: number; says: number; rating: SkillRating; games: number };
type Snapshot = { truth: number; shown: number; says: number; sigma: number };

function ranks(values: readonly number[]): number[] {
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Array<number>(values.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]?.[0] === order[i]?.[0]) j++;
    for (let k = i; k <= j; k++) out[order[k]?.[1] as number] = (i + j) / 2;
    i = j + 1;
  }
  return out;
}

function spearman(a: readonly number[], b: readonly number[]): number {
  const [ra, rb] = [ranks(a), ranks(b)];
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const [ma, mb] = [mean(ra), mean(rb)];
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < ra.length; i++) {
    const [x, y] = [(ra[i] as number) - ma, (rb[i] as number) - mb];
    num += x * y;
    da += x * x;
    db += y * y;
  }
  return num / Math.sqrt(da * db);
}

function simulate(seed: number): Map<number, Snapshot[]> {
  const random = generator(seed);
  const pool: Player[] = Array.from({ length: PLAYERS }, () => {
    const truth = clamp(3 + 0.8 * normal(random));
    const bias = SELF_NOISE * 0.75 * normal(random);
    const skills = Array.from({ length: 5 }, () =>
      Math.round(clamp(truth + bias + SELF_NOISE * 0.66 * normal(random))),
    );
    const rating = {
      ...startingRating(skills),
      sigma: START_SIGMA ?? startingRating(skills).sigma,
    };
    return { truth, says: skills.reduce((s, x) => s + x, 0) / 5, rating, games: 0 };
  });
  const snapshots = new Map<number, Snapshot[]>(CHECKPOINTS.map((n) => [n, []]));
  const snap = (p: Player) =>
    snapshots.get(p.games)?.push({
      truth: p.truth,
      shown: levelOf(p.rating.mu),
      says: p.says,
      sigma: p.rating.sigma,
    });
  for (const p of pool) snap(p);
  const last = CHECKPOINTS[CHECKPOINTS.length - 1] as number;
  while (pool.some((p) => p.games < last)) {
    const picked = [...pool]
      .map((p) => [random(), p] as const)
      .sort((a, b) => a[0] - b[0])
      .slice(0, 10)
      .map(([, p]) => p);
    const [a, b] = [picked.slice(0, 5), picked.slice(5)];
    const truly = (team: Player[]) => team.map((p) => ({ mu: muOfLevel(p.truth), sigma: 0.001 }));
    const [chanceA] = winChances([truly(a), truly(b)]);
    const winner = random() < (chanceA as number) ? "A" : "B";
    const [afterA, afterB] = rateGame(
      a.map((p) => p.rating),
      b.map((p) => p.rating),
      winner,
    );
    a.forEach((p, i) => {
      p.rating = afterA[i] as SkillRating;
    });
    b.forEach((p, i) => {
      p.rating = afterB[i] as SkillRating;
    });
    for (const p of picked) {
      p.games++;
      snap(p);
    }
  }
  return snapshots;
}

const all = new Map<number, Snapshot[]>(CHECKPOINTS.map((n) => [n, []]));
for (let seed = 1; seed <= SEEDS; seed++) {
  for (const [n, list] of simulate(seed)) all.get(n)?.push(...list);
}

const pct = (x: number) => `${Math.round(100 * x)}%`;
const mae = (list: Snapshot[], pick: (s: Snapshot) => number) =>
  list.reduce((sum, s) => sum + Math.abs(pick(s) - s.truth), 0) / list.length;
const within = (list: Snapshot[], pick: (s: Snapshot) => number) =>
  list.filter((s) => Math.abs(pick(s) - s.truth) <= 0.5).length / list.length;

console.log(
  `${SEEDS} pools of ${PLAYERS} players, 5v5, self-rating noise ${SELF_NOISE}, ` +
    `start σ ${START_SIGMA ?? "SIGMA_START"}; ` +
    `SIGMA_NEW ${SIGMA_NEW}, SIGMA_SETTLING ${SIGMA_SETTLING}\n`,
);
console.log(
  "| games | shown level: MAE | rank corr. | within ½ | self-rating: MAE | rank corr. | σ median | new / settling / settled | settled: MAE, within ½ |",
);
console.log("|---|---|---|---|---|---|---|---|---|");
for (const [n, list] of all) {
  const shown = (s: Snapshot) => s.shown;
  const says = (s: Snapshot) => s.says;
  const sigmas = list.map((s) => s.sigma).sort((x, y) => x - y);
  const counts = { new: 0, settling: 0, settled: 0 };
  for (const s of list) counts[settlednessOf(s.sigma)]++;
  const settled = list.filter((s) => settlednessOf(s.sigma) === "settled");
  console.log(
    `| ${n} | ${mae(list, shown).toFixed(2)} | ${spearman(
      list.map(shown),
      list.map((s) => s.truth),
    ).toFixed(2)} | ${pct(within(list, shown))} | ${mae(list, says).toFixed(2)} | ${spearman(
      list.map(says),
      list.map((s) => s.truth),
    ).toFixed(2)} | ${(sigmas[Math.floor(sigmas.length / 2)] as number).toFixed(2)} | ${pct(
      counts.new / list.length,
    )} / ${pct(counts.settling / list.length)} / ${pct(counts.settled / list.length)} | ${
      settled.length === 0
        ? "–"
        : `${mae(settled, shown).toFixed(2)}, ${pct(within(settled, shown))}`
    } |`,
  );
}
