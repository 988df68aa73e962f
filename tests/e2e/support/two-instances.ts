import { afterAll, beforeAll } from "vitest";
import {
  freePort,
  type ServerProcess,
  spawnServer,
  waitUntilHealthy,
} from "../../../server/test-support/server-process.ts";
import { freshPostgresDatabase } from "../../../server/test-support/test-postgres.ts";
import { errorLines } from "./browser.ts";

/**
 * Two server instances sharing one fresh PostgreSQL database, as behind a load balancer, for
 * the file that calls this at its top: started before its tests, stopped after.
 */
export function twoInstancesOnPostgres() {
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>> | undefined;
  const servers: ServerProcess[] = [];
  let urls: [string, string] | undefined;

  beforeAll(async () => {
    database = await freshPostgresDatabase();
    const ports = [await freePort(), await freePort()];
    for (const port of ports) {
      servers.push(
        spawnServer({
          PORT: String(port),
          DATABASE_URL: database.url,
          SESSION_SECRET: "a-shared-secret-for-both-instances-0123456789",
          // Each browser context sends its own X-Forwarded-For (support/browser.ts).
          TRUST_PROXY: "loopback",
        }),
      );
    }
    await Promise.all(ports.map((port, i) => waitUntilHealthy(port, servers[i] as ServerProcess)));
    urls = ports.map((port) => `http://127.0.0.1:${port}`) as [string, string];
  }, 240_000);

  afterAll(async () => {
    for (const server of servers) server.child.kill("SIGTERM");
    await Promise.all(servers.map((server) => server.exited));
    await database?.close();
  }, 60_000);

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the two instances are not started yet");
    return value;
  };
  return {
    /** The two instances' base URLs. */
    urls: () => started(urls),
    /** The shared database's URL (for a command such as `npm run operator`). */
    databaseUrl: () => started(database).url,
    /** What either instance logged at level error or above. */
    serverErrors: () => servers.flatMap((server) => errorLines(server.output())),
  };
}
