import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { createRequestTurns } from "./request-turns.ts";

// What happened, in order: requests starting and ending, and the event loop going round (an
// immediate each handler queues runs only once the loop has left the turn it was queued in).
let events: string[] = [];
let app: FastifyInstance | undefined;

function busyFor(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

async function appWithTurns(sliceMs: number) {
  const turns = createRequestTurns(sliceMs);
  app = Fastify();
  app.addHook("onRequest", turns.hook);
  // Work on this thread from start to end, as a request's queries on PGlite are.
  app.get("/busy/:name", async (request) => {
    const { name } = request.params as { name: string };
    events.push(`start ${name}`);
    setImmediate(() => events.push(`loop after ${name}`));
    await Promise.resolve();
    busyFor(Number((request.query as { ms?: string }).ms ?? 0));
    await Promise.resolve();
    events.push(`end ${name}`);
    return { name };
  });
  // Work that waits on something outside this thread, as a query to PostgreSQL does.
  app.get("/waits/:name", async (request) => {
    const { name } = request.params as { name: string };
    events.push(`start ${name}`);
    await new Promise((resolve) => setTimeout(resolve, 30));
    events.push(`end ${name}`);
    return { name };
  });
  await app.ready();
  return { app, turns };
}

afterEach(async () => {
  await app?.close();
  app = undefined;
  events = [];
});

/** Sends the requests at once; answers once the loop has run what they queued. */
async function sendAll(target: FastifyInstance, urls: string[]) {
  const answers = await Promise.all(urls.map((url) => target.inject(url)));
  await new Promise((resolve) => setTimeout(resolve, 5));
  return answers;
}

const names = ["a", "b", "c", "d", "e"];

describe("requests take turns", () => {
  it("lets requests in in the order they arrived, each answered", async () => {
    const { app } = await appWithTurns(1000);
    const answers = await sendAll(
      app,
      names.map((name) => `/busy/${name}`),
    );
    expect(answers.map((answer) => answer.json().name)).toEqual(names);
    expect(events.filter((event) => event.startsWith("start"))).toEqual(
      names.map((name) => `start ${name}`),
    );
  });

  it("runs cheap requests one after another in the same turn of the loop", async () => {
    const { app } = await appWithTurns(1000);
    await sendAll(
      app,
      names.map((name) => `/busy/${name}`),
    );
    expect(events.slice(0, 10)).toEqual(names.flatMap((name) => [`start ${name}`, `end ${name}`]));
    expect(events.slice(10)).toEqual(names.map((name) => `loop after ${name}`));
  });

  it("lets the loop go round once a turn has used its slice", async () => {
    const { app } = await appWithTurns(2);
    await sendAll(
      app,
      names.map((name) => `/busy/${name}?ms=5`),
    );
    // Each request takes more than the slice: between two of them the loop goes round.
    expect(events).toEqual(
      names.flatMap((name) => [`start ${name}`, `end ${name}`, `loop after ${name}`]),
    );
  });

  it("lets the next request in while one waits on something outside this thread", async () => {
    const { app, turns } = await appWithTurns(1000);
    const answers = await sendAll(
      app,
      names.map((name) => `/waits/${name}`),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(events.slice(0, 5)).toEqual(names.map((name) => `start ${name}`));
    expect(turns.waitingCount()).toBe(0);
  });

  it("lets a request that got its answer go on before requests not let in yet", async () => {
    const turns = createRequestTurns(1);
    const order: string[] = [];
    const letIn = (name: string, then?: () => void) =>
      turns.hook.call({} as never, {} as never, {} as never, () => {
        order.push(name);
        busyFor(2);
        then?.();
      });
    const last = new Promise<void>((resolve) => {
      letIn("a", () => void turns.resume().then(() => order.push("a goes on")));
      letIn("b");
      letIn("c", resolve);
    });
    await last;
    expect(order).toEqual(["a", "a goes on", "b", "c"]);
    expect(turns.waitingCount()).toBe(0);
  });

  it("keeps letting requests in after a request fails", async () => {
    const { app } = await appWithTurns(1000);
    const answers = await sendAll(app, ["/busy/a", "/nowhere", "/busy/b"]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 404, 200]);
  });
});
