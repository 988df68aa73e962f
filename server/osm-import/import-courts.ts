import type { Config } from "../config.ts";
import { openPglite, openPostgres } from "../db/client.ts";
import { lockDataDir } from "../db/data-dir-lock.ts";
import { migrateDatabase } from "../db/migrate.ts";
import { pgliteDirOf } from "../db/open.ts";
import { type Applied, applyImport } from "./apply-import.ts";
import { type Collected, collectCourts, type PassReporter } from "./collect-courts.ts";
import { detectFormat, type OsmFormat } from "./detect-format.ts";
import { ImportError } from "./import-error.ts";
import { loadCityFinder } from "./nearest-city.ts";
import type { OsmSource } from "./osm-elements.ts";
import { overpassSource } from "./overpass-source.ts";
import { pbfSource } from "./pbf-source.ts";
import { xmlSource } from "./xml-source.ts";

export type ImportSummary = {
  file: string;
  format: string;
  database: string;
  seconds: number;
  /** Of `seconds`: reading the file (the rest opens the database and writes). */
  readSeconds: number;
  read: Collected["read"];
  kept: number;
  skipped: Collected["skipped"];
  applied: Applied;
};

function sourceFor(file: string, format: OsmFormat): OsmSource {
  if (format.kind === "pbf") return pbfSource(file);
  if (format.kind === "xml") return xmlSource(file, format.gzip);
  return overpassSource(file, format.gzip);
}

const elementCount = (read: Collected["read"]) => read.nodes + read.ways + read.relations;

/** Where a PostgreSQL import went, for the summary: host, port and database, never a password. */
function databaseName(url: string | undefined): string {
  if (!url) return "the database";
  const { hostname, port, pathname } = new URL(url);
  return `${hostname}${port ? `:${port}` : ""}${pathname}`;
}

export type Extract = Collected & { formatName: string };

/**
 * Reads a whole extract without touching any database: its format from its content, then its
 * courts. A file without a single court is refused here.
 */
export async function readExtract(file: string, report: PassReporter): Promise<Extract> {
  const format = await detectFormat(file);
  const source = sourceFor(file, format);
  const collected = await collectCourts(source, loadCityFinder, report);
  if (collected.courts.length === 0) {
    const read = elementCount(collected.read).toLocaleString("en-US");
    throw new ImportError(
      `${file} has no basketball courts (${read} elements read): nothing was changed`,
    );
  }
  return { ...collected, formatName: source.formatName };
}

/**
 * `npm run courts:import -- FILE`: reads the whole file before the database is touched, so a
 * bad file changes nothing, then writes its courts in one transaction. With PGlite the data
 * directory is claimed first, so a running server is reported before a long read, not after.
 */
export async function importCourts(
  file: string,
  config: Pick<Config, "databaseUrl" | "dataDir">,
  report: PassReporter,
): Promise<ImportSummary> {
  const started = performance.now();
  await detectFormat(file); // an unknown format is refused before the data directory is claimed
  // Held from before the long read until the end, and the database opened under it.
  const release = config.databaseUrl ? null : lockDataDir(config.dataDir);
  try {
    const collected = await readExtract(file, report);
    const readSeconds = (performance.now() - started) / 1000;
    const database = config.databaseUrl
      ? openPostgres(config.databaseUrl)
      : await openPglite(pgliteDirOf(config.dataDir));
    try {
      await migrateDatabase(database);
      const applied = await applyImport(database.db, collected.courts, (lat, lon) =>
        collected.coverage.covers(lat, lon),
      );
      return {
        file,
        format: collected.formatName,
        database:
          database.kind === "pglite"
            ? `PGlite in ${config.dataDir}`
            : `PostgreSQL in ${databaseName(config.databaseUrl)}`,
        seconds: (performance.now() - started) / 1000,
        readSeconds,
        read: collected.read,
        kept: collected.courts.length,
        skipped: collected.skipped,
        applied,
      };
    } finally {
      await database.close();
    }
  } finally {
    release?.();
  }
}

const n = (value: number) => value.toLocaleString("en-US");

/** The closing summary: read, kept, new, updated, retired, skipped with why. */
export function formatSummary(s: ImportSummary): string {
  const { applied } = s;
  const skippedTotal = [...s.skipped.values()].reduce((a, b) => a + b, 0) + applied.keptPlayerEdits;
  const reasons = [...s.skipped.entries()].map(
    ([[one, many], count]) => `${n(count)} ${count === 1 ? one : many}`,
  );
  if (applied.keptPlayerEdits > 0) {
    const what = applied.keptPlayerEdits === 1 ? "court players edited" : "courts players edited";
    reasons.unshift(`${n(applied.keptPlayerEdits)} ${what} (their version kept)`);
  }
  const lines = [
    `Imported ${s.file} (${s.format}) into ${s.database} in ${s.seconds.toFixed(1)} s (reading ${s.readSeconds.toFixed(1)} s)`,
    `  read      ${n(elementCount(s.read))} elements (${n(s.read.nodes)} nodes, ${n(s.read.ways)} ways, ${n(s.read.relations)} relations)`,
    `  kept      ${n(s.kept)} basketball courts`,
    `  new       ${n(applied.added)}`,
    `  updated   ${n(applied.updated)}${applied.reactivated > 0 ? ` (${n(applied.reactivated)} back after being retired)` : ""}`,
    `  unchanged ${n(applied.unchanged)}`,
    `  retired   ${n(applied.retired)}${applied.retired > 0 ? " (in the extract's area but no longer in it)" : ""}`,
    `  skipped   ${n(skippedTotal)}${reasons.length > 0 ? `: ${reasons.join("; ")}` : ""}`,
  ];
  return lines.join("\n");
}
