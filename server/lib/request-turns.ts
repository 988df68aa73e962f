import type { onRequestHookHandler } from "fastify";

/**
 * How much of one turn of the event loop requests may take before the loop gets to go round
 * (read sockets, accept a connection) again.
 */
export const TURN_SLICE_MS = 1;

/**
 * Lets requests into the app in arrival order, a slice of the event loop at a time (§84).
 *
 * libuv accepts one connection per turn of the event loop (libuv PR 3696), and a turn serves
 * every socket with a request ready. On PGlite a request's queries run on this thread from
 * start to end, so under load a turn grew to tens of milliseconds and the 50th new connection
 * of a burst waited 50 turns: seconds. Here a request is let in only while the current slice
 * has time left; the rest wait for the next turn, so a turn stays near TURN_SLICE_MS and new
 * connections are accepted at that pace. On PostgreSQL a request leaves its slice at its first
 * query, so it waits no longer than it would have; the answer comes back through `resume`
 * (client.ts), ahead of requests not let in yet, so a turn stays short there too (§86).
 */
export function createRequestTurns(sliceMs = TURN_SLICE_MS) {
  const waiting: Array<() => void> = [];
  // Requests already let in, going on after an answer from PostgreSQL: before any new one.
  const resuming: Array<() => void> = [];
  let running = false;
  let sliceStart = 0;

  const step = () => {
    const next = resuming.shift() ?? waiting.shift();
    if (!next) {
      running = false;
      return;
    }
    try {
      next();
    } finally {
      // A nextTick queued from a microtask runs once the microtask queue is empty: after the
      // request let in has run as far as it can on this thread (its PGlite queries included).
      queueMicrotask(() => process.nextTick(afterTurn));
    }
  };
  const afterTurn = () => {
    if (waiting.length === 0 && resuming.length === 0) running = false;
    else if (performance.now() - sliceStart < sliceMs) step();
    else setImmediate(startSlice);
  };
  const startSlice = () => {
    sliceStart = performance.now();
    step();
  };

  const enter = (queue: Array<() => void>, go: () => void) => {
    queue.push(go);
    if (!running) {
      running = true;
      setImmediate(startSlice);
    }
  };
  const hook: onRequestHookHandler = (_request, _reply, done) => enter(waiting, done);
  /** Resolves in a turn of its own, ahead of requests not let in yet. */
  const resume = () => new Promise<void>((go) => enter(resuming, go));
  return { hook, resume, waitingCount: () => waiting.length };
}

/** The turns of this process: its requests, and the answers PostgreSQL sends them. */
export const processTurns = createRequestTurns();
