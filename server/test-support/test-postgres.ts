import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { scratchDatabase } from "./scratch-database.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * A fresh database on a real PostgreSQL server, for tests that need one whatever the pass (two
 * server processes sharing a database cannot run on the embedded one): on TEST_DATABASE_URL
 * when set, else on a throw-away cluster started here (scripts/pg-cluster.sh). `close` drops
 * the database, and stops the cluster when it started one.
 */
export async function freshPostgresDatabase(): Promise<{ url: string; close(): Promise<void> }> {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let clusterDir: string | null = null;
  if (!adminUrl) {
    clusterDir = `/tmp/bwb-pg-${randomBytes(4).toString("hex")}`;
    adminUrl = execFileSync(
      "bash",
      [path.join(ROOT, "scripts/pg-cluster.sh"), "start", clusterDir],
      {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      },
    ).trim();
  }
  const scratch = await scratchDatabase(adminUrl, "bwb_live");
  return {
    url: scratch.url,
    async close() {
      if (!clusterDir) return scratch.drop();
      execFileSync("bash", [path.join(ROOT, "scripts/pg-cluster.sh"), "stop", clusterDir], {
        stdio: "ignore",
      });
    },
  };
}
