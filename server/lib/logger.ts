import { createRequire } from "node:module";
import { type FastifyReply, type FastifyRequest, LogController } from "fastify";
import pino, { type LoggerOptions } from "pino";
import type { Config } from "../config.ts";
import { safeError, withoutParameters } from "./safe-error.ts";

/** URLs whose query is a secret: the OIDC code, account links' tokens. */
const SENSITIVE_QUERY =
  /^(\/api\/(?:callback|login\/reset|login\/link|account\/confirm-email|account\/new-email))\?.*$/s;

const isError = (value: unknown): value is Error => value instanceof Error;

/**
 * A log call's arguments without a query's parameters. pino writes the message of an error
 * logged without one of its own (`log.error(err)`, fastify's `{ err }, err.message`) as the
 * line's `msg`, past the `err` serializer: that message is the safe error's, and every text is
 * cut of a parameter list.
 */
function safeArguments(args: unknown[]): unknown[] {
  const [first, ...rest] = args;
  const err = isError(first) ? first : (first as { err?: unknown } | null | undefined)?.err;
  const head = isError(first) ? { err: first } : first;
  const texts = rest.map((arg) => (typeof arg === "string" ? withoutParameters(arg) : arg));
  if (isError(err) && typeof rest[0] !== "string") return [head, safeError(err).message, ...texts];
  return [typeof head === "string" ? withoutParameters(head) : head, ...texts];
}

/** A client that went away mid-response (a closed tab, a navigation) is not a server error. */
function isClientAbort(value: unknown): boolean {
  const error = (value as { err?: unknown })?.err ?? value;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === "ERR_STREAM_PREMATURE_CLOSE" || message === "premature close";
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    hooks: {
      // @fastify/compress logs an aborted download at error level; it is only worth a debug line.
      logMethod(args, method, levelValue) {
        const safe = safeArguments(args) as Parameters<typeof method>;
        if (levelValue >= 50 && isClientAbort(args[0])) return this.debug(...safe);
        return method.apply(this, safe);
      },
    },
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
      censor: "[redacted]",
    },
    serializers: {
      // Never a query's parameters (session ids, e-mails): see safe-error.ts.
      err: (error) => ({ ...safeError(error) }),
      req(request) {
        // The OIDC callback's code and account links' tokens stay out of logs.
        const url = request.url.replace(SENSITIVE_QUERY, "$1?[redacted]");
        return { method: request.method, url, remoteAddress: request.ip };
      },
    },
  };
}

/** Where log lines go: stdout, or a stream in tests. */
export type LogDestination = NodeJS.WritableStream & { isTTY?: boolean };

/**
 * JSON lines for machines; in a terminal during development, one readable line per record
 * instead (pino-pretty, in this process: the request line below is already the message).
 */
export function createLogger(
  config: Pick<Config, "env" | "logLevel">,
  destination: LogDestination = process.stdout,
): pino.Logger {
  const options = loggerOptions(config.logLevel);
  if (destination.isTTY && config.env !== "production") {
    // Required only here: a server writing JSON lines never loads it (start-up, §58).
    const pinoPretty = createRequire(import.meta.url)(
      "pino-pretty",
    ) as typeof import("pino-pretty");
    return pino(
      options,
      pinoPretty({
        destination,
        sync: true,
        colorize: pinoPretty.isColorSupported,
        translateTime: "SYS:HH:MM:ss",
        // The request line's message says it all; its fields stay in the JSON for machines.
        ignore: "pid,hostname,reqId,req,res,responseTime",
        singleLine: true,
      }),
    );
  }
  return pino(options, destination);
}

/** Answers that say only "still alive": polled every few seconds, they would drown the log. */
const QUIET_ROUTES = new Set(["/api/healthz"]);

/** "GET /api/courts 200 3.1 ms": the path without its query, which may carry secrets. */
export function requestLine(request: FastifyRequest, reply: FastifyReply): string {
  const path = request.url.split("?", 1)[0];
  return `${request.method} ${path} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)} ms`;
}

/**
 * One log line per request, written when it completes (Fastify writes two: received and
 * completed). Successful health checks go to debug.
 */
export class RequestLogController extends LogController {
  override incomingRequest() {}

  override routeNotFound() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    const line = requestLine(request, reply);
    if (error) {
      reply.log.error({ ...fields, err: error }, line);
    } else if (QUIET_ROUTES.has(request.routeOptions.url ?? "") && reply.statusCode < 400) {
      reply.log.debug(fields, line);
    } else {
      reply.log.info(fields, line);
    }
  }
}
