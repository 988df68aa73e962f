import { and, asc, avg, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import {
  gameParticipants,
  gameResults,
  games,
  playerProfiles,
  playerRatings,
  skillRatingChanges,
  skillRatings,
  users,
} from "../../db/schema.ts";
import { nudgedByPeers, rateResult, type SkillRating, startingRating } from "./model.ts";
import { type Source, takeLevelsLock } from "./rating-rows.ts";
import { selfRatedSkillsSql } from "./ratings.ts";

type Team = "A" | "B";
type Rating = SkillRating & { games: number };
type ChangeRow = typeof skillRatingChanges.$inferInsert & { source: Source };

/** What happened in one game, in the order the replay applies it. */
type GameEvents = {
  scheduledAt: Date;
  gameId: number;
  result?: { teams: Record<string, Team>; winner: Team };
  peers?: Map<string, number>;
};

export type RecomputeReport = {
  results: number;
  nudges: number;
  /** Rows written or removed to make the tables what the replay says. */
  ratingsChanged: number;
  changesChanged: number;
};

const BATCH = 500;

/**
 * Every rating from scratch (decision 110): each player starts where their self-rating puts
 * them today, then every recorded result and every game's peer nudge is replayed in the order
 * the games started (a game's result before its nudge). skill_ratings and skill_rating_changes
 * are then made to match, touching only rows that differ, so a second run changes nothing. It
 * holds the levels lock exclusively: results recorded meanwhile wait and then apply on top.
 */
export async function recomputeLevels(db: Db): Promise<RecomputeReport> {
  return db.transaction(async (tx) => {
    await takeLevelsLock(tx);
    const history = await historyOf(tx);
    const starts = await startingRatings(tx, history);
    const ratings = new Map<string, Rating>();
    const changes: ChangeRow[] = [];
    const ratingOf = (userId: string): Rating =>
      ratings.get(userId) ?? { ...(starts.get(userId) ?? startingRating(null)), games: 0 };
    let results = 0;
    let nudges = 0;
    for (const game of history) {
      if (game.result) {
        results++;
        const afters = rateResult(game.result.teams, ratingOf, game.result.winner);
        for (const [userId, after] of afters) {
          const before = ratingOf(userId);
          ratings.set(userId, { ...after, games: before.games + 1 });
          changes.push(changeRow(game.gameId, userId, "result", before, after));
        }
      }
      for (const [userId, mean] of game.peers ?? []) {
        nudges++;
        const before = ratingOf(userId);
        const after = nudgedByPeers(before, mean);
        ratings.set(userId, { ...after, games: before.games });
        changes.push(changeRow(game.gameId, userId, "peers", before, after));
      }
    }
    return {
      results,
      nudges,
      ratingsChanged: await writeRatings(tx, ratings),
      changesChanged: await writeChanges(tx, changes),
    };
  });
}

function changeRow(
  gameId: number,
  userId: string,
  source: Source,
  before: SkillRating,
  after: SkillRating,
): ChangeRow {
  return {
    gameId,
    userId,
    source,
    muBefore: before.mu,
    sigmaBefore: before.sigma,
    muAfter: after.mu,
    sigmaAfter: after.sigma,
  };
}

/** Every game with a result or peer ratings, in the order the games started. */
async function historyOf(tx: Tx): Promise<GameEvents[]> {
  const byGame = new Map<number, GameEvents>();
  const gameOf = (gameId: number, scheduledAt: Date) => {
    let game = byGame.get(gameId);
    if (!game) {
      game = { gameId, scheduledAt };
      byGame.set(gameId, game);
    }
    return game;
  };
  const p = gameParticipants;
  const seats = await tx
    .select({
      gameId: games.id,
      scheduledAt: games.scheduledAt,
      teamAScore: gameResults.teamAScore,
      teamBScore: gameResults.teamBScore,
      userId: p.userId,
      team: p.team,
    })
    .from(gameResults)
    .innerJoin(games, eq(games.id, gameResults.gameId))
    .innerJoin(p, and(eq(p.gameId, games.id), isNotNull(p.team)))
    .orderBy(asc(p.userId));
  for (const seat of seats) {
    const game = gameOf(seat.gameId, seat.scheduledAt);
    game.result ??= { teams: {}, winner: seat.teamAScore > seat.teamBScore ? "A" : "B" };
    game.result.teams[seat.userId] = seat.team as Team;
  }
  const r = playerRatings;
  const means = await tx
    .select({
      gameId: games.id,
      scheduledAt: games.scheduledAt,
      userId: r.rateeId,
      mean: avg(r.rating).mapWith(Number),
    })
    .from(r)
    .innerJoin(games, eq(games.id, r.gameId))
    .groupBy(games.id, r.rateeId)
    .orderBy(asc(r.rateeId));
  for (const row of means) {
    const game = gameOf(row.gameId, row.scheduledAt);
    game.peers ??= new Map();
    game.peers.set(row.userId, row.mean);
  }
  for (const game of byGame.values()) {
    const sides = new Set(Object.values(game.result?.teams ?? {}));
    // A result needs two sides to rate (recordResult refuses anything else).
    if (sides.size < 2) delete game.result;
  }
  return [...byGame.values()].sort(
    (a, b) => a.scheduledAt.getTime() - b.scheduledAt.getTime() || a.gameId - b.gameId,
  );
}

/** Where each player of the history starts: their five self-rated skills today. */
async function startingRatings(
  tx: Tx,
  history: readonly GameEvents[],
): Promise<Map<string, SkillRating>> {
  const ids = new Set<string>();
  for (const game of history) {
    for (const userId of Object.keys(game.result?.teams ?? {})) ids.add(userId);
    for (const userId of game.peers?.keys() ?? []) ids.add(userId);
  }
  const starts = new Map<string, SkillRating>();
  const all = [...ids];
  for (let i = 0; i < all.length; i += BATCH) {
    const rows = await tx
      .select({ userId: users.id, skills: selfRatedSkillsSql })
      .from(users)
      .leftJoin(playerProfiles, eq(playerProfiles.userId, users.id))
      .where(inArray(users.id, all.slice(i, i + BATCH)));
    for (const row of rows) starts.set(row.userId, startingRating(row.skills));
  }
  return starts;
}

/** skill_ratings made to hold `ratings` exactly; the number of rows written or removed. */
async function writeRatings(tx: Tx, ratings: Map<string, Rating>): Promise<number> {
  const stored = new Map(
    (await tx.select().from(skillRatings)).map((row) => [row.userId, row] as const),
  );
  const differ = [...ratings].filter(([userId, r]) => {
    const row = stored.get(userId);
    return !row || row.mu !== r.mu || row.sigma !== r.sigma || row.games !== r.games;
  });
  const gone = [...stored.keys()].filter((userId) => !ratings.has(userId));
  for (let i = 0; i < differ.length; i += BATCH) {
    await tx
      .insert(skillRatings)
      .values(differ.slice(i, i + BATCH).map(([userId, r]) => ({ userId, ...r })))
      .onConflictDoUpdate({
        target: skillRatings.userId,
        set: {
          mu: sql`excluded.mu`,
          sigma: sql`excluded.sigma`,
          games: sql`excluded.games`,
          updatedAt: sql`now()`,
        },
      });
  }
  for (let i = 0; i < gone.length; i += BATCH) {
    await tx.delete(skillRatings).where(inArray(skillRatings.userId, gone.slice(i, i + BATCH)));
  }
  return differ.length + gone.length;
}

const changeKey = (c: { gameId: number; userId: string; source: string }) =>
  `${c.gameId} ${c.userId} ${c.source}`;

/** skill_rating_changes made to hold `changes` exactly; the number of rows written or removed. */
async function writeChanges(tx: Tx, changes: readonly ChangeRow[]): Promise<number> {
  const c = skillRatingChanges;
  const stored = new Map((await tx.select().from(c)).map((row) => [changeKey(row), row] as const));
  const wanted = new Set(changes.map(changeKey));
  const differ = changes.filter((change) => {
    const row = stored.get(changeKey(change));
    return (
      !row ||
      row.muBefore !== change.muBefore ||
      row.sigmaBefore !== change.sigmaBefore ||
      row.muAfter !== change.muAfter ||
      row.sigmaAfter !== change.sigmaAfter
    );
  });
  const gone = [...stored.values()].filter((row) => !wanted.has(changeKey(row)));
  for (let i = 0; i < differ.length; i += BATCH) {
    await tx
      .insert(c)
      .values(differ.slice(i, i + BATCH))
      .onConflictDoUpdate({
        target: [c.gameId, c.userId, c.source],
        set: {
          muBefore: sql`excluded.mu_before`,
          sigmaBefore: sql`excluded.sigma_before`,
          muAfter: sql`excluded.mu_after`,
          sigmaAfter: sql`excluded.sigma_after`,
          updatedAt: sql`now()`,
        },
      });
  }
  for (let i = 0; i < gone.length; i += BATCH) {
    const keys = gone
      .slice(i, i + BATCH)
      .map((row) => sql`(${row.gameId}::int, ${row.userId}::varchar, ${row.source}::varchar)`);
    await tx
      .delete(c)
      .where(sql`(${c.gameId}, ${c.userId}, ${c.source}) in (${sql.join(keys, sql`, `)})`);
  }
  return differ.length + gone.length;
}
