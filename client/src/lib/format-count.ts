/**
 * A whole number as en-US writes it ("10,008"), without Intl: a page's first Intl formatter
 * costs a phone several milliseconds of main thread to create (its locale data), in the task
 * that runs the page's script (issue 13). Anything but a safe integer goes to Intl.
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString("en-US");
  const grouped = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ",");
  return n < 0 || Object.is(n, -0) ? `-${grouped}` : grouped;
}
