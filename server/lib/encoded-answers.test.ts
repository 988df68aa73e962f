import zlib from "node:zlib";
import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { encodeAnswer, encodedOnce, sendEncoded } from "./encoded-answers.ts";

const board = [{ rank: 1, nickname: "Once" }];
const app = Fastify();
app.get("/board", (request, reply) => sendEncoded(request, reply, encodedOnce(board)));
afterAll(() => app.close());

describe("encoded answers", () => {
  it("encodes a shared answer once, and a different answer anew", () => {
    expect(encodedOnce(board)).toBe(encodedOnce(board));
    const other = encodedOnce([{ rank: 1, nickname: "Other" }]);
    expect(other.etag).not.toBe(encodedOnce(board).etag);
    expect(encodeAnswer(board).etag).toBe(encodedOnce(board).etag);
  });

  it("gives the same JSON plain, gzip and brotli", () => {
    const encoded = encodeAnswer(board);
    expect(JSON.parse(encoded.identity.toString())).toEqual(board);
    expect(zlib.gunzipSync(encoded.gzip).toString()).toBe(encoded.identity.toString());
    expect(zlib.brotliDecompressSync(encoded.br).toString()).toBe(encoded.identity.toString());
  });

  it("answers 304 to a matching tag among several or a weak one, 200 to a stale one", async () => {
    const { etag } = encodedOnce(board);
    for (const header of [etag, `"stale", ${etag}`, `W/${etag}`]) {
      const response = await app.inject({ url: "/board", headers: { "if-none-match": header } });
      expect(response.statusCode, header).toBe(304);
    }
    const stale = await app.inject({ url: "/board", headers: { "if-none-match": '"stale"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual(board);
    expect(stale.headers.vary).toBe("accept-encoding");
    const gzip = await app.inject({ url: "/board", headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
  });
});
