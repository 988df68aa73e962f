import type { LightMyRequestResponse } from "fastify";

export type Timing = { median: number; p95: number };

/**
 * One request at a time: three warm-ups (each must answer 200), then `runs` timed requests.
 * Median and 95th percentile in milliseconds.
 */
export async function timeRequests(
  label: string,
  request: () => Promise<LightMyRequestResponse>,
  runs: number,
): Promise<Timing> {
  for (let i = 0; i < 3; i += 1) {
    const warm = await request();
    if (warm.statusCode !== 200) throw new Error(`${label}: ${warm.statusCode} ${warm.body}`);
  }
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await request();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    median: times[Math.floor(times.length / 2)] ?? 0,
    p95: times[Math.min(times.length - 1, Math.floor(times.length * 0.95))] ?? 0,
  };
}

export type Load = {
  perSecond: number;
  p50: number;
  p99: number;
  requests: number;
  /** Requests given up on after 2 s (wrk's timeout), when measured over HTTP. */
  timeouts?: number;
};

/**
 * `connections` requests kept in flight for `durationMs` (after one warm-up that must answer
 * 200): requests per second and the 50th and 99th percentiles in milliseconds. Every answer
 * must be 200, so a failing route cannot pass for a fast one.
 */
export async function loadRequests(
  label: string,
  request: () => Promise<LightMyRequestResponse>,
  { connections = 10, durationMs = 3_000 }: { connections?: number; durationMs?: number } = {},
): Promise<Load> {
  const warm = await request();
  if (warm.statusCode !== 200) throw new Error(`${label}: ${warm.statusCode} ${warm.body}`);
  const times: number[] = [];
  const started = performance.now();
  const deadline = started + durationMs;
  const worker = async () => {
    while (performance.now() < deadline) {
      const sent = performance.now();
      const response = await request();
      if (response.statusCode !== 200) {
        throw new Error(`${label}: ${response.statusCode} ${response.body}`);
      }
      times.push(performance.now() - sent);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = performance.now() - started;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))] ?? 0;
  return {
    perSecond: (times.length / elapsed) * 1000,
    p50: at(0.5),
    p99: at(0.99),
    requests: times.length,
  };
}
