import type { PassReporter } from "./collect-courts.ts";

type Out = { write(text: string): unknown; isTTY?: boolean; columns?: number };

const REDRAW_MS = 100;
const BAR_WIDTH = 24;

const size = (bytes: number) =>
  bytes < 1e6 ? `${Math.ceil(bytes / 1e3)} kB` : `${(bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0)} MB`;
const count = (n: number) => n.toLocaleString("en-US");

/**
 * Progress of each pass on stderr: a bar redrawn in place on a terminal, and when stderr is a
 * file or a pipe (CI, logs) a plain line at every tenth of the way, so logs stay readable.
 */
export function progressReporter(
  out: Out,
  now: () => number = () => performance.now(),
): PassReporter {
  const tty = out.isTTY === true;
  let label = "";
  let prefix = "";
  let fraction = 0;
  let done = 0;
  let total = 0;
  let elements = 0;
  let lastDraw = 0;
  let lastTenth = -1;
  let started = 0;

  const line = () => {
    const percent = Math.floor(fraction * 100);
    const sizes = total > 0 ? ` ${size(done)} of ${size(total)}` : "";
    const read = elements > 0 ? ` · ${count(elements)} elements` : "";
    return `${prefix}${label}: ${percent}%${sizes}${read}`;
  };
  const draw = (force: boolean) => {
    if (tty) {
      const t = now();
      if (!force && t - lastDraw < REDRAW_MS) return;
      lastDraw = t;
      const filled = Math.round(fraction * BAR_WIDTH);
      const bar = `[${"#".repeat(filled)}${"-".repeat(BAR_WIDTH - filled)}]`;
      const text = `${bar} ${line()}`;
      out.write(`\r\x1b[K${text.slice(0, Math.max(20, (out.columns ?? 100) - 1))}`);
      return;
    }
    const tenth = Math.floor(fraction * 10);
    if (tenth > lastTenth) {
      lastTenth = tenth;
      out.write(`${line()}\n`);
    }
  };

  return {
    startPass(index, passes, name) {
      label = name;
      prefix = passes > 0 ? `Pass ${index} of ${passes} · ` : `Pass ${index} · `;
      fraction = 0;
      done = 0;
      total = 0;
      elements = 0;
      lastTenth = -1;
      started = now();
      draw(true);
    },
    bytes(read, size) {
      done = read;
      total = size;
      fraction = size > 0 ? Math.min(1, read / size) : 0;
      draw(false);
    },
    elements(n) {
      elements = n;
      draw(false);
    },
    endPass() {
      fraction = 1;
      done = total;
      const seconds = ((now() - started) / 1000).toFixed(1);
      if (tty) {
        draw(true);
        out.write(` (${seconds} s)\n`);
      } else {
        draw(false);
        out.write(`${prefix}${label}: done in ${seconds} s\n`);
      }
    },
  };
}
