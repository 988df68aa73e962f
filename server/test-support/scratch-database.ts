import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * A new database on the server of `adminUrl` (a user with CREATEDB), empty or a copy of
 * `template`, and its dropping.
 */
export async function scratchDatabase(
  adminUrl: string,
  prefix: string,
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.href, drop: () => run(`drop database if exists ${name} with (force)`) };
}
