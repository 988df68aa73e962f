/**
 * Global setup of the "server" project: migrates one database for the whole run, which each
 * test file's openTestDatabase() copies (server/test-support/test-database.ts). On PGlite it is
 * a dump file; with TEST_DATABASE_URL, a template database on that server. Teardown removes it.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { cube } from "@electric-sql/pglite/contrib/cube";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "../../server/db/client.ts";
import { migrateDatabase } from "../../server/db/migrate.ts";
import { scratchDatabase } from "../../server/test-support/scratch-database.ts";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "bwb-template-"));
    const dataDir = path.join(dir, "data");
    const database = await openPglite(dataDir);
    await migrateDatabase(database);
    await database.close();
    const pglite = new PGlite({ dataDir, extensions: { btree_gist, cube } });
    await pglite.waitReady;
    const dump = await pglite.dumpDataDir("none");
    await pglite.close();
    const file = path.join(dir, "migrated.tar");
    await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
    project.provide("databaseTemplate", file);
    return () => fs.rm(dir, { recursive: true, force: true });
  }
  const template = await scratchDatabase(adminUrl, "bwb_template");
  const database = openPostgres(template.url, { max: 2 });
  await migrateDatabase(database);
  await database.close();
  project.provide("databaseTemplate", template.name);
  return template.drop;
}
