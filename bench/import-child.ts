/**
 * Runs one import in its own process for bench/courts.bench.ts, so the peak memory it prints is
 * the import's alone (DATA_DIR or DATABASE_URL):
 *
 *   node --import tsx bench/import-child.ts FILE              read the file and write its courts
 *   node --import tsx bench/import-child.ts FILE --read-only  only read it (no database)
 */
import { loadConfig } from "../server/config.ts";
import type { PassReporter } from "../server/osm-import/collect-courts.ts";
import { importCourts, readExtract } from "../server/osm-import/import-courts.ts";

const quiet: PassReporter = { startPass() {}, bytes() {}, elements() {}, endPass() {} };
const [file, mode] = process.argv.slice(2);
if (!file) throw new Error("usage: import-child.ts FILE [--read-only]");
const started = performance.now();
let figures: Record<string, number>;
if (mode === "--read-only") {
  const extract = await readExtract(file, quiet);
  const { nodes, ways, relations } = extract.read;
  const seconds = (performance.now() - started) / 1000;
  figures = { seconds, readSeconds: seconds, elements: nodes + ways + relations, added: 0 };
} else {
  const summary = await importCourts(file, loadConfig(), quiet);
  const { nodes, ways, relations } = summary.read;
  figures = {
    seconds: summary.seconds,
    readSeconds: summary.readSeconds,
    elements: nodes + ways + relations,
    added: summary.applied.added,
  };
}
// resourceUsage().maxRSS is in kilobytes: the most memory this process ever held.
console.log(JSON.stringify({ ...figures, peakMb: process.resourceUsage().maxRSS / 1024 }));
