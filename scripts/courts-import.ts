/**
 * Imports basketball courts from an OpenStreetMap extract into the configured database
 * (DATA_DIR or DATABASE_URL):
 *
 *   npm run courts:import -- FILE        (.osm.pbf, .osm / .osm.gz, Overpass JSON)
 *
 * Progress goes to stderr, the summary to stdout. A bad file, a busy data directory or a bad
 * setting ends with one line on stderr and exit code 1, nothing changed.
 */
import { ConfigError, loadConfig } from "../server/config.ts";
import { DataDirLockedError } from "../server/db/data-dir-lock.ts";
import { formatSummary, importCourts } from "../server/osm-import/import-courts.ts";
import { ImportError } from "../server/osm-import/import-error.ts";
import { progressReporter } from "../server/osm-import/progress.ts";

const USAGE = "Usage: npm run courts:import -- FILE  (an .osm.pbf, .osm or Overpass JSON file)";

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes("--help") || args.includes("-h")) {
    console.log(USAGE);
    return 0;
  }
  const [file, ...rest] = args;
  if (!file || rest.length > 0) {
    console.error(USAGE);
    return 1;
  }
  try {
    const summary = await importCourts(file, loadConfig(), progressReporter(process.stderr));
    console.log(formatSummary(summary));
    return 0;
  } catch (error) {
    const known =
      error instanceof ImportError ||
      error instanceof ConfigError ||
      error instanceof DataDirLockedError;
    const message = error instanceof Error ? error.message : String(error);
    console.error(`courts:import: ${known ? message : `failed: ${message}`}`.split("\n")[0]);
    return 1;
  }
}

process.exitCode = await main();
