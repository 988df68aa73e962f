import { createHash } from "node:crypto";
import zlib from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { preferredEncoding } from "./compress-answers.ts";

/** A JSON answer encoded once for every viewer: plain, gzip and brotli, with its ETag. */
export type EncodedAnswer = { identity: Buffer; gzip: Buffer; br: Buffer; etag: string };

export function encodeAnswer(value: unknown): EncodedAnswer {
  const identity = Buffer.from(JSON.stringify(value));
  return {
    identity,
    gzip: zlib.gzipSync(identity, { level: 6 }),
    br: zlib.brotliCompressSync(identity, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 },
    }),
    etag: `"${createHash("sha1").update(identity).digest("base64url").slice(0, 22)}"`,
  };
}

const encodedByAnswer = new WeakMap<object, EncodedAnswer>();

/**
 * The encoding of an answer that is itself shared (the same object handed to every viewer, as
 * `sharedAnswers` does): encoded on its first send and kept exactly as long as the answer is,
 * so memory follows the answers' own bound and a dropped answer takes its encoding with it.
 */
export function encodedOnce(answer: object): EncodedAnswer {
  let encoded = encodedByAnswer.get(answer);
  if (!encoded) {
    encoded = encodeAnswer(answer);
    encodedByAnswer.set(answer, encoded);
  }
  return encoded;
}

export const notModifiedSchema = z
  .null()
  .describe("Not modified: the ETag sent in If-None-Match still holds");

const matchesEtag = (header: string | undefined, etag: string) =>
  header?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag) ?? false;

/**
 * A shared answer as this request wants it: 304 when its copy is current, else compressed as
 * it accepts. The body is a Buffer of JSON encoded once for every viewer, which Fastify sends
 * without serialising again; `no-cache` makes browsers ask each time, for a 304 at no cost.
 */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, answer: EncodedAnswer) {
  reply
    .header("etag", answer.etag)
    .header("cache-control", "no-cache")
    .header("vary", "accept-encoding")
    .type("application/json; charset=utf-8");
  if (matchesEtag(request.headers["if-none-match"], answer.etag)) {
    return reply.status(304).send();
  }
  const encoding = preferredEncoding(request);
  if (encoding) return reply.header("content-encoding", encoding).send(answer[encoding]);
  return reply.send(answer.identity);
}

/** JSON text built here (not an object for the route's serializer), sent as it is. */
export function sendJsonText(reply: FastifyReply, text: string) {
  return reply.type("application/json; charset=utf-8").send(text);
}
