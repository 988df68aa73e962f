import { and, asc, eq, gte, isNull, or, sql } from "drizzle-orm";
import type { LiveEvent } from "../../../common/live-events.ts";
import type { Database } from "../../db/client.ts";
import { liveEvents } from "../../db/schema.ts";
import type { StoredEvent } from "./publish.ts";
import { LIVE_CHANNEL, wakerOf } from "./wake.ts";

/** One open GET /api/events stream. */
export interface LiveStream {
  /** The signed-in player, or null for a visitor (public events only). */
  userId: string | null;
  send(event: StoredEvent): void;
  /** Asks the page to fetch everything again (the client's "resync"). */
  resync(): void;
}

/**
 * Events are numbered when inserted but announced when committed, so a later number can arrive
 * first. Whoever catches up (a reconnecting listener, a resuming stream) therefore looks this far
 * behind the last event it saw; seeing an event twice is harmless, as it only makes a client
 * refetch.
 */
export const CATCH_UP_OVERLAP = "5 seconds";
const REPLAY_LIMIT = 500;
const RECENT_IDS = 5000;

export const visibleTo = (userId: string | null) =>
  userId === null
    ? isNull(liveEvents.userId)
    : or(isNull(liveEvents.userId), eq(liveEvents.userId, userId));

/**
 * The events a stream missed since `lastEventId` (its Last-Event-ID), or null when they are no
 * longer kept (the stream must then refetch everything).
 */
export async function eventsSince(
  database: Database,
  userId: string | null,
  lastEventId: number,
): Promise<StoredEvent[] | null> {
  const rows = await database.db
    .select({ id: liveEvents.id, userId: liveEvents.userId, data: liveEvents.data })
    .from(liveEvents)
    .where(
      and(
        visibleTo(userId),
        gte(
          liveEvents.createdAt,
          sql`(select ${liveEvents.createdAt} from ${liveEvents} where ${liveEvents.id} = ${lastEventId}) - interval '${sql.raw(CATCH_UP_OVERLAP)}'`,
        ),
      ),
    )
    .orderBy(asc(liveEvents.id))
    .limit(REPLAY_LIMIT + 1);
  if (rows.length > REPLAY_LIMIT) return null;
  if (rows.length === 0) {
    const [kept] = await database.db
      .select({ id: liveEvents.id })
      .from(liveEvents)
      .where(eq(liveEvents.id, lastEventId));
    if (!kept) return null;
  }
  return rows
    .filter((r) => r.id !== lastEventId)
    .map((r) => ({ id: r.id, userId: r.userId, event: r.data as LiveEvent }));
}

type Listener = (event: StoredEvent) => void;

/**
 * This instance's end of the live events: one LISTEN connection, fanned out to the streams open
 * here. Instances never talk to each other; PostgreSQL's NOTIFY reaches all of them.
 */
export class LiveHub {
  readonly #database: Database;
  readonly #onError: (error: unknown) => void;
  readonly #streams = new Set<LiveStream>();
  readonly #perUser = new Map<string, number>();
  readonly #listeners = new Set<Listener>();
  readonly #recent = new Set<number>();
  #unlisten: (() => Promise<void>) | null = null;
  #connected = false;
  #lastSeenAt = new Date();

  constructor(database: Database, onError: (error: unknown) => void = () => {}) {
    this.#database = database;
    this.#onError = onError;
  }

  async start(): Promise<void> {
    if (this.#unlisten) return;
    // A send that fails after its commit is this instance's live events' trouble, said here.
    wakerOf(this.#database.db).onError = this.#onError;
    this.#unlisten = await this.#database.listen(LIVE_CHANNEL, {
      onPayload: (payload) => this.#receive(payload),
      onReconnect: () => void this.#afterOutage(),
      onConnectionChange: (connected) => {
        this.#connected = connected;
      },
      onError: this.#onError,
    });
  }

  async stop(): Promise<void> {
    const unlisten = this.#unlisten;
    this.#unlisten = null;
    // A database already closed or gone has stopped listening anyway: say so, never throw.
    await unlisten?.().catch(this.#onError);
  }

  /** Whether events from other instances reach this one now (readiness). */
  get listening(): boolean {
    return this.#unlisten !== null && this.#connected;
  }

  /** Streams open here for this player. */
  streamsOf(userId: string): number {
    return this.#perUser.get(userId) ?? 0;
  }

  get streamCount(): number {
    return this.#streams.size;
  }

  add(stream: LiveStream): () => void {
    this.#streams.add(stream);
    if (stream.userId) this.#perUser.set(stream.userId, this.streamsOf(stream.userId) + 1);
    return () => {
      if (!this.#streams.delete(stream)) return;
      if (!stream.userId) return;
      const left = this.streamsOf(stream.userId) - 1;
      if (left > 0) this.#perUser.set(stream.userId, left);
      else this.#perUser.delete(stream.userId);
    };
  }

  /** Every event this instance hears, whoever it is for (the job workers wake on them). */
  onEvent(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #receive(payload: string): void {
    let events: StoredEvent[];
    try {
      events = JSON.parse(payload) as StoredEvent[];
    } catch (error) {
      this.#onError(error);
      return;
    }
    for (const event of events) this.#dispatch(event);
  }

  #dispatch(stored: StoredEvent): void {
    if (this.#recent.has(stored.id)) return;
    this.#recent.add(stored.id);
    if (this.#recent.size > RECENT_IDS) {
      const oldest = this.#recent.values().next().value;
      if (oldest !== undefined) this.#recent.delete(oldest);
    }
    this.#lastSeenAt = new Date();
    for (const stream of this.#streams) {
      if (stored.userId === null || stored.userId === stream.userId) {
        try {
          stream.send(stored);
        } catch (error) {
          this.#onError(error);
        }
      }
    }
    for (const listener of this.#listeners) listener(stored);
  }

  /**
   * After the LISTEN connection came back: what was announced meanwhile, from the table (the
   * job workers wake on it), then every open page fetches again, since its own requests may
   * have failed while the database was away.
   */
  async #afterOutage(): Promise<void> {
    await this.#catchUp().catch(this.#onError);
    for (const stream of this.#streams) {
      try {
        stream.resync();
      } catch (error) {
        this.#onError(error);
      }
    }
  }

  /** What was announced while the LISTEN connection was away, from the table. */
  async #catchUp(): Promise<void> {
    const since = new Date(this.#lastSeenAt.getTime() - 5_000);
    const rows = await this.#database.db
      .select({ id: liveEvents.id, userId: liveEvents.userId, data: liveEvents.data })
      .from(liveEvents)
      .where(gte(liveEvents.createdAt, since))
      .orderBy(asc(liveEvents.id))
      .limit(REPLAY_LIMIT);
    for (const r of rows)
      this.#dispatch({ id: r.id, userId: r.userId, event: r.data as LiveEvent });
  }
}

/** How long events stay for resuming streams; older Last-Event-IDs get a resync. */
export const LIVE_EVENTS_KEPT = "5 minutes";

/** Drops live events past the resume window (a job, every minute). */
export async function pruneLiveEvents(database: Database): Promise<void> {
  await database.db
    .delete(liveEvents)
    .where(sql`${liveEvents.createdAt} < now() - interval '${sql.raw(LIVE_EVENTS_KEPT)}'`);
}
