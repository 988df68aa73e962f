import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";

/** A refusal or failure a backup command explains in one line (the scripts print it). */
export class BackupError extends Error {}

/**
 * Writes a backup as `file` all at once or not at all: `write` fills a temporary file beside it
 * (readable by its owner only: a backup holds password hashes and sessions), which is flushed
 * to disk and then renamed over `file`. A failure leaves `file` as it was and no temporary file.
 */
export async function writeAtomically(
  file: string,
  write: (temporary: string) => Promise<void>,
): Promise<number> {
  const target = path.resolve(file);
  const folder = path.dirname(target);
  if (!fs.statSync(folder, { throwIfNoEntry: false })?.isDirectory()) {
    throw new BackupError(`The folder ${folder} does not exist: create it first.`);
  }
  const temporary = path.join(folder, `.${path.basename(target)}.partial-${process.pid}`);
  try {
    await write(temporary);
    await fsp.chmod(temporary, 0o600);
    const handle = await fsp.open(temporary, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    const { size } = await fsp.stat(temporary);
    await fsp.rename(temporary, target);
    // The rename itself survives a power cut only once the folder is flushed too.
    const folderHandle = await fsp.open(folder, "r");
    try {
      await folderHandle.sync();
    } finally {
      await folderHandle.close();
    }
    return size;
  } catch (error) {
    await fsp.rm(temporary, { force: true });
    throw error;
  }
}
