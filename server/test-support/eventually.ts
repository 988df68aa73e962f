/**
 * Polls until `check` gives something truthy (what a person would wait for: an e-mail arriving,
 * a job retrying), failing after `ms`. A bound on waiting, never a measure of speed.
 */
export async function eventually<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  ms = 30_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
