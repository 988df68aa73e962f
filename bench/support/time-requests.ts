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
