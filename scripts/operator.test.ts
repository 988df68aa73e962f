import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { migrateDatabase } from "../server/db/migrate.ts";
import { openConfiguredDatabase } from "../server/db/open.ts";
import { auditLog, users } from "../server/db/schema.ts";
import { insertPlayer } from "../server/test-support/game-rows.ts";
import { runScript } from "../server/test-support/run-script.ts";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "bwb-operator-"));
const DATA_DIR = path.join(scratch, "data");
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** `npm run operator -- ARGS` as the site's operator runs it, on DATA_DIR. */
const operatorCommand = (...args: string[]) => runScript("operator.ts", args, { DATA_DIR });

type Database = Awaited<ReturnType<typeof openConfiguredDatabase>>;

/** The data directory opened for a moment (the command needs it free). */
async function withDatabase<T>(use: (database: Database) => Promise<T>) {
  const database = await openConfiguredDatabase({ dataDir: DATA_DIR, databaseUrl: undefined });
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

describe("npm run operator", () => {
  it("grants and revokes the role by e-mail, each written to the audit log; bad use changes nothing", async () => {
    await withDatabase(async (database) => {
      await migrateDatabase(database);
      await insertPlayer(database.db, { email: "Mod@Example.com", nickname: "Moddy" });
    });

    const usage = await operatorCommand("promote", "mod@example.com");
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("Usage: npm run operator -- grant EMAIL | revoke EMAIL");
    const nobody = await operatorCommand("grant", "nobody@example.com");
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain("No account has the e-mail nobody@example.com.");

    const granted = await operatorCommand("grant", "mod@example.com");
    expect(granted.code, granted.stderr).toBe(0);
    expect(granted.stdout).toContain("mod@example.com is now an operator.");
    const twice = await operatorCommand("grant", "mod@example.com");
    expect(twice.stdout).toContain("is an operator already: nothing changed.");
    expect(await withDatabase(({ db }) => db.select({ op: users.isOperator }).from(users))).toEqual(
      [{ op: true }],
    );

    const revoked = await operatorCommand("revoke", "mod@example.com");
    expect(revoked.stdout).toContain("mod@example.com is no longer an operator.");
    const log = await withDatabase(({ db }) =>
      db.select({ action: auditLog.action, operatorId: auditLog.operatorId }).from(auditLog),
    );
    expect(log).toEqual([
      { action: "grant", operatorId: null },
      { action: "revoke", operatorId: null },
    ]);
  }, 120_000);
});
