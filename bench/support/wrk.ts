import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Load } from "./time-requests.ts";

const run = promisify(execFile);

/** "1.23ms", "456.00us", "1.02s" → milliseconds. */
function toMs(value: string): number {
  const found = /^([\d.]+)(us|ms|s|m)$/.exec(value);
  if (!found) throw new Error(`wrk: unreadable time ${value}`);
  const factor = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[found[2] as "us" | "ms" | "s" | "m"];
  return Number(found[1]) * factor;
}

/**
 * Debian's wrk against `url` from its own process (the load generator beside the server, as
 * issue 12 measured): `connections` kept open for `seconds`, or until `until` settles (wrk
 * stopped by SIGINT, on which it reports), on two threads. Every answer must
 * be 2xx, so a failing route cannot pass for a fast one; requests still unanswered after 2 s
 * are counted in `timeouts`.
 */
export async function wrkLoad(
  url: string,
  {
    connections,
    seconds,
    headers = {},
    script,
    until,
  }: {
    connections: number;
    seconds: number;
    /** A job measured end to end: the load lasts as long as it runs (`seconds` at most). */
    until?: Promise<unknown>;
    headers?: Record<string, string>;
    /** A Lua script of wrk's (e.g. requests that vary); `headers` still serve the first fetch. */
    script?: string;
  },
): Promise<Load> {
  const warm = await fetch(url, { headers });
  if (!warm.ok) throw new Error(`${url}: ${warm.status} ${await warm.text()}`);
  const args = ["-t", "2", "-c", String(connections), "-d", `${seconds}s`, "--latency"];
  if (script) args.push("-s", script);
  else for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  const running = run("wrk", [...args, url]);
  const stop = () => running.child.kill("SIGINT");
  until?.then(stop, stop);
  const { stdout } = await running;
  const failures = /Non-2xx or 3xx responses: (\d+)/.exec(stdout);
  if (failures) throw new Error(`${url}: ${failures[1]} answers not 2xx\n${stdout}`);
  // A request wrk gave up on (2 s) is a result, the slowest kind; a broken socket is not.
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    stdout,
  );
  if (errors?.slice(1, 4).some((count) => count !== "0")) {
    throw new Error(`${url}: socket errors\n${stdout}`);
  }
  const timeouts = Number(errors?.[4] ?? 0);
  const percentile = (p: string) => {
    const found = new RegExp(`^\\s+${p}%\\s+(\\S+)`, "m").exec(stdout);
    if (!found?.[1]) throw new Error(`wrk: no ${p}% in\n${stdout}`);
    return toMs(found[1]);
  };
  const perSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]);
  const requests = Number(/(\d+) requests in/.exec(stdout)?.[1]);
  if (!Number.isFinite(perSecond) || !Number.isFinite(requests)) {
    throw new Error(`wrk: unreadable output\n${stdout}`);
  }
  return { perSecond, p50: percentile("50"), p99: percentile("99"), requests, timeouts };
}
