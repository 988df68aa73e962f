import { ConfigError, loadConfig } from "../server/config.ts";
import { DataDirLockedError } from "../server/db/data-dir-lock.ts";
import { BackupError } from "../server/modules/backups/backup-file.ts";
import { restoreBackup } from "../server/modules/backups/restore-backup.ts";

// npm run db:restore -- FILE: the embedded database in DATA_DIR, the server stopped.
const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error("Usage: npm run db:restore -- FILE");
  process.exit(2);
}
try {
  const config = loadConfig();
  const restored = await restoreBackup(config, file);
  console.log(
    `Restored ${file} into ${config.dataDir} (${restored.migrationsApplied} migrations applied).`,
  );
  if (restored.replaced) {
    console.log(
      `The database it replaced is in ${restored.replaced}: delete it once the restored one serves.`,
    );
  }
} catch (error) {
  if (
    error instanceof ConfigError ||
    error instanceof BackupError ||
    error instanceof DataDirLockedError
  ) {
    console.error(error.message);
  } else {
    console.error("Restore failed:", error instanceof Error ? error.message : error);
  }
  process.exitCode = 1;
}
