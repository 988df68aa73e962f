import { sql } from "drizzle-orm";
import { afterCommit } from "../../db/after-commit.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { safeError } from "../../lib/safe-error.ts";
import type { StoredEvent } from "./publish.ts";

/** The PostgreSQL channel every instance LISTENs on. */
export const LIVE_CHANNEL = "bwb_live";

/** NOTIFY refuses payloads of 8000 bytes or more. */
const PAYLOAD_BYTES = 7_900;

/** The JSON arrays of events the hub receives, each under NOTIFY's limit, in id order. */
export function payloadsOf(events: readonly StoredEvent[]): string[] {
  const payloads: string[] = [];
  let parts: string[] = [];
  let bytes = 2;
  for (const event of [...events].sort((a, b) => a.id - b.id)) {
    const part = JSON.stringify(event);
    const size = Buffer.byteLength(part) + 1;
    if (parts.length > 0 && bytes + size > PAYLOAD_BYTES) {
      payloads.push(`[${parts.join(",")}]`);
      parts = [];
      bytes = 2;
    }
    parts.push(part);
    bytes += size;
  }
  if (parts.length > 0) payloads.push(`[${parts.join(",")}]`);
  return payloads;
}

type Batch = { events: StoredEvent[]; sent: Promise<void> };

/**
 * Sends one instance's committed events with pg_notify. PostgreSQL takes one cluster-wide lock
 * at the commit of every transaction that notified and holds it through the WAL flush, so
 * notifying transactions commit one at a time: the events of every commit of this instance that
 * meet while a send is on its way (or within one turn of the event loop) go together in the next
 * autocommit statement. One send at a time keeps this instance's events in order.
 */
class Waker {
  readonly #db: Db;
  #open: Batch | null = null;
  #last: Promise<void> = Promise.resolve();
  onError: (error: unknown) => void = (error) =>
    console.error("live events not sent:", safeError(error).message);

  constructor(db: Db) {
    this.#db = db;
  }

  /** Told of this instance's events as soon as they are committed, before any NOTIFY. */
  readonly committed = new Set<(events: readonly StoredEvent[]) => void>();

  send(events: readonly StoredEvent[]): Promise<void> {
    for (const listener of this.committed) listener(events);
    if (!this.#open) {
      const batch: Batch = { events: [], sent: Promise.resolve() };
      const previous = this.#last;
      batch.sent = (async () => {
        await previous;
        await new Promise((resolve) => setImmediate(resolve));
        this.#open = null;
        await this.#notify(batch.events).catch(this.onError);
      })();
      this.#open = batch;
      this.#last = batch.sent;
    }
    this.#open.events.push(...events);
    return this.#open.sent;
  }

  async #notify(events: readonly StoredEvent[]): Promise<void> {
    await notifyOn(this.#db, events);
  }
}

const wakers = new WeakMap<Db, Waker>();

/** The sender of live events committed through `db` (one per opened database). */
export function wakerOf(db: Db): Waker {
  let waker = wakers.get(db);
  if (!waker) {
    waker = new Waker(db);
    wakers.set(db, waker);
  }
  return waker;
}

/**
 * Calls `listener` with the events this instance commits through `db`, in the turn of their
 * commit: a shared answer they change is dropped before the writer's reply is sent, where the
 * hub hears them (and other instances' events) only after a round trip through NOTIFY.
 * Returns the function that stops it.
 */
export function onCommittedEvents(
  db: Db,
  listener: (events: readonly StoredEvent[]) => void,
): () => void {
  const { committed } = wakerOf(db);
  committed.add(listener);
  return () => committed.delete(listener);
}

/**
 * Announces events just stored in live_events through `queryable` to every listening instance,
 * once they are committed (never when their transaction rolls back). Inside a transaction this
 * module does not follow (a savepoint), pg_notify runs in it: PostgreSQL then sends at commit.
 */
export async function wake(queryable: Queryable, events: readonly StoredEvent[]): Promise<void> {
  if (events.length === 0) return;
  const later = await afterCommit(queryable, (db) => wakerOf(db).send(events));
  if (!later) await notifyOn(queryable, events);
}

async function notifyOn(queryable: Queryable, events: readonly StoredEvent[]): Promise<void> {
  const calls = payloadsOf(events).map((p) => sql`pg_notify(${LIVE_CHANNEL}, ${p})`);
  await queryable.execute(sql`select ${sql.join(calls, sql`, `)}`);
}
