import { afterAll, beforeAll } from "vitest";

/**
 * Runs the file's tests as a browser in another zone would: Node reads `TZ` again when it is
 * set, for Date and for Intl's default zone alike.
 */
export function inBrowserTimeZone(timeZone: string): void {
  const before = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = timeZone;
  });
  afterAll(() => {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  });
}
