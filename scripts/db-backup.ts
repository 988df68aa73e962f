import { ConfigError, loadConfig } from "../server/config.ts";
import { BackupError } from "../server/modules/backups/backup-file.ts";
import { type BackupTaken, takeBackup } from "../server/modules/backups/take-backup.ts";

const MADE_BY: Record<BackupTaken["source"], string> = {
  server: "from the running server",
  "data directory": "from the stopped data directory",
  pg_dump: "by pg_dump",
};

// npm run db:backup -- FILE: the configured database (DATABASE_URL, else PGlite in DATA_DIR).
const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error("Usage: npm run db:backup -- FILE");
  process.exit(2);
}
try {
  const started = performance.now();
  const taken = await takeBackup(loadConfig(), file);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Backed up to ${file} (${taken.bytes} bytes, ${MADE_BY[taken.source]}) in ${seconds} s.`,
  );
} catch (error) {
  if (error instanceof ConfigError || error instanceof BackupError) console.error(error.message);
  else console.error("Backup failed:", error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
