import { Readable } from "node:stream";
import zlib from "node:zlib";
import compress from "@fastify/compress";
import Fastify, { type LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressAnswer } from "./compress-answers.ts";
import { encodedOnce, sendEncoded } from "./encoded-answers.ts";

// Rows of the size of a list of games: 4 KB (compressed in line) and 60 KB (on libuv's threads).
const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: i, title: `Pickup run ${i}`, court: "Rucker Park" }));
const page = `<!doctype html><html><body>${"<p>Next game at six</p>".repeat(200)}</body></html>`;

const shared = rows(100);
const app = Fastify();
beforeAll(async () => {
  app.addHook("onSend", compressAnswer);
  await app.register(compress, { threshold: 1024 });
  app.get("/small", async () => ({ ok: true }));
  app.get("/rows/:n", async (request) => rows(Number((request.params as { n: string }).n)));
  app.get("/page", (_request, reply) => reply.type("text/html; charset=utf-8").send(page));
  app.get("/varied", (_request, reply) => reply.header("vary", "origin").send(rows(100)));
  app.get("/stream", (_request, reply) =>
    reply.type("application/json").send(Readable.from([JSON.stringify(rows(100))])),
  );
  app.get("/shared", (request, reply) => sendEncoded(request, reply, encodedOnce(shared)));
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string, accepted?: string) =>
  app.inject({ url, headers: accepted ? { "accept-encoding": accepted } : {} });

function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return zlib.brotliDecompressSync(response.rawPayload).toString();
  if (encoding === "gzip") return zlib.gunzipSync(response.rawPayload).toString();
  return response.body;
}

describe("answers compressed as each request accepts", () => {
  it("sends JSON made for this request in brotli, else gzip, else plain, the same JSON", async () => {
    for (const n of [100, 1500]) {
      const plain = await get(`/rows/${n}`);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.json()).toEqual(rows(n));
      for (const [accepted, encoding] of [
        ["gzip, deflate, br, zstd", "br"],
        ["gzip, deflate", "gzip"],
      ] as const) {
        const response = await get(`/rows/${n}`, accepted);
        expect(response.headers["content-encoding"], `${n} ${accepted}`).toBe(encoding);
        expect(response.headers.vary).toBe("accept-encoding");
        expect(Number(response.headers["content-length"])).toBe(response.rawPayload.length);
        expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
        expect(decoded(response)).toBe(plain.body);
      }
    }
  });

  it("compresses a page of HTML, and leaves an answer under 1 KB plain", async () => {
    const html = await get("/page", "br");
    expect(html.headers["content-encoding"]).toBe("br");
    expect(decoded(html)).toBe(page);
    const small = await get("/small", "br");
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
  });

  it("adds accept-encoding to a Vary the route set", async () => {
    const response = await get("/varied", "gzip");
    expect(response.headers.vary).toBe("origin, accept-encoding");
    expect(JSON.parse(decoded(response))).toEqual(rows(100));
  });

  it("leaves streams to @fastify/compress and answers encoded once as they are", async () => {
    const stream = await get("/stream", "br");
    expect(stream.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(decoded(stream))).toEqual(rows(100));
    const once = await get("/shared", "br");
    expect(once.headers["content-encoding"]).toBe("br");
    expect(once.rawPayload).toEqual(encodedOnce(shared).br);
  });
});
