import { promisify } from "node:util";
import zlib from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Below this a compressed answer saves less than its headers and the work cost. */
const THRESHOLD = 1024;
const COMPRESSED_TYPES = /^(application\/json|text\/html)\b/;

/** The encoding an answer goes out in for this request: brotli, then gzip, else none. */
export function preferredEncoding(request: FastifyRequest): "br" | "gzip" | null {
  const accepted = request.headers["accept-encoding"] ?? "";
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return null;
}

function varyOnEncoding(reply: FastifyReply) {
  const vary = reply.getHeader("vary");
  const values = vary === undefined ? [] : Array.isArray(vary) ? vary : [String(vary)];
  if (!values.some((value) => /accept-encoding/i.test(value))) {
    reply.header("vary", [...values, "accept-encoding"].join(", "));
  }
}

/** Below this, compressing here (~0.1 ms) costs less than a trip to libuv's threads. */
const IN_LINE_LIMIT = 16 * 1024;

function compress(encoding: "br" | "gzip", payload: Buffer, size: number) {
  if (encoding === "gzip") return size < IN_LINE_LIMIT ? zlib.gzipSync(payload) : gzip(payload);
  const options = {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
  return size < IN_LINE_LIMIT
    ? zlib.brotliCompressSync(payload, options)
    : brotli(payload, options);
}

/**
 * onSend: a JSON or HTML answer made for one request (a string or Buffer, not one encoded
 * once for every viewer, which carries its Content-Encoding already) compressed in one call,
 * on libuv's threads when large. @fastify/compress, which still handles streams and files,
 * would pipe each such answer through a zlib stream: for a 60 KB list of games that cost the
 * server's thread more than the compression itself (decisions §83).
 */
export async function compressAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
  if (reply.hasHeader("content-encoding")) return payload;
  const type = reply.getHeader("content-type");
  if (typeof type !== "string" || !COMPRESSED_TYPES.test(type)) return payload;
  // Surely under the threshold: a character is at most three bytes.
  if (typeof payload === "string" && payload.length * 3 < THRESHOLD) return payload;
  // Encoded once here: a string built piece by piece (a serializer's, a page cut per viewer)
  // was otherwise measured twice and encoded again by the socket, 1 µs a KB each (§86).
  const bytes = typeof payload === "string" ? Buffer.from(payload) : payload;
  if (bytes.length < THRESHOLD) return bytes;
  const encoding = preferredEncoding(request);
  if (!encoding) return bytes;
  const body = await compress(encoding, bytes, bytes.length);
  varyOnEncoding(reply);
  reply.header("content-encoding", encoding);
  reply.removeHeader("content-length");
  return body;
}
