import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, it } from "vitest";
import { openPglite } from "../../db/client.ts";
import { openConfiguredDatabase } from "../../db/open.ts";
import { eventually } from "../../test-support/eventually.ts";
import {
  freePort,
  type ServerProcess,
  spawnServer,
  waitUntilHealthy,
} from "../../test-support/server-process.ts";
import { tableChecksums } from "../../test-support/table-checksums.ts";
import { backupSocketPath } from "./backup-socket.ts";
import { restoreBackup } from "./restore-backup.ts";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../../..");
const HOUR = 3_600_000;
// Under the hourly write limits (60 check-ins, 200 other writes), so no write is refused.
const CHECK_INS_EACH = 55;
const JOINS_EACH = 90;
// The restore migrates, and pg-boss's install restamps its queues and schedules.
const RESTAMPED = { "pgboss.queue": ["updated_on"], "pgboss.schedule": ["updated_on"] };

const root = fs.mkdtempSync(path.join(os.tmpdir(), "bwb-online-backup-"));
let server: ServerProcess | undefined;
afterAll(() => {
  if (server?.child.exitCode === null) server.child.kill("SIGKILL");
  fs.rmSync(root, { recursive: true, force: true });
});

async function api(base: string, method: string, url: string, cookie = "", body?: unknown) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

async function signUp(base: string, n: number): Promise<string> {
  const response = await fetch(`${base}/api/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      firstName: "Busy",
      lastName: `Player${n}`,
      email: `busy${n}@example.com`,
      password: "a long enough password",
    }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("bwb_session="));
  return cookie?.split(";")[0] ?? "";
}

type CheckInWrite = { id: number; startedAt: number; acknowledgedAt: number };

it("a backup of a busy embedded database, taken through the running server, restores every row of its moment", async () => {
  const dataDir = path.join(root, "live");
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  server = spawnServer({ DATA_DIR: dataDir, PORT: String(port) });
  await waitUntilHealthy(port, server);
  // Only the server's user may reach the socket.
  const socket = await eventually(
    () => fs.existsSync(backupSocketPath(dataDir)) && backupSocketPath(dataDir),
  );
  expect(fs.statSync(path.dirname(socket)).mode & 0o777).toBe(0o700);
  expect(fs.statSync(socket).mode & 0o777).toBe(0o600);

  const courts = (await api(base, "GET", "/api/courts?limit=6&sort=name")).json as { id: number }[];
  expect(courts.length).toBeGreaterThan(1);
  const players = await Promise.all(Array.from({ length: 8 }, (_, n) => signUp(base, n)));
  const game = await api(base, "POST", "/api/games", players[0], {
    courtId: courts[0]?.id,
    title: "Backup Run",
    scheduledAt: new Date(Date.now() + 30 * HOUR).toISOString(),
    maxPlayers: 30,
  });
  expect(game.status).toBe(201);

  // The load: every player moves between courts and joins and leaves the game, until stopped.
  const checkIns: CheckInWrite[] = [];
  let stopped = false;
  const load = players.slice(1).map(async (cookie, n) => {
    for (let i = 0; !stopped && i < JOINS_EACH; i++) {
      if (i < CHECK_INS_EACH) {
        const startedAt = performance.now();
        const checkIn = await api(base, "POST", "/api/checkin", cookie, {
          courtId: courts[(n + i) % courts.length]?.id,
        });
        expect(checkIn.status).toBe(200);
        checkIns.push({ id: checkIn.json.id, startedAt, acknowledgedAt: performance.now() });
      }
      const move = i % 2 === 0 ? "join" : "leave";
      expect((await api(base, "POST", `/api/games/${game.json.id}/${move}`, cookie)).status).toBe(
        200,
      );
    }
  });
  await eventually(() => checkIns.length >= 20);

  const file = path.join(root, "busy.tar.gz");
  const backupStarted = performance.now();
  const backup = await run("node", ["--import", "tsx", "scripts/db-backup.ts", file], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", DATA_DIR: dataDir },
  });
  const backupEnded = performance.now();
  expect(backup.stdout).toMatch(
    /^Backed up to .*busy\.tar\.gz \(\d+ bytes, from the running server\)/,
  );
  // The server kept serving: writes begun after the backup are acknowledged too.
  await eventually(() => checkIns.some((w) => w.startedAt > backupEnded));
  stopped = true;
  await Promise.all(load);
  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
  expect(fs.existsSync(socket)).toBe(false);

  const restoredDir = path.join(root, "restored");
  await restoreBackup({ dataDir: restoredDir, databaseUrl: undefined }, file);
  const restored = await openConfiguredDatabase({ dataDir: restoredDir, databaseUrl: undefined });
  try {
    const ids = new Set(
      (await restored.execute("select id from court_check_ins")).rows.map((r) => Number(r.id)),
    );
    const before = checkIns.filter((w) => w.acknowledgedAt < backupStarted);
    const after = checkIns.filter((w) => w.startedAt > backupEnded);
    expect(before.length).toBeGreaterThanOrEqual(20);
    expect(before.filter((w) => !ids.has(w.id))).toEqual([]);
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((w) => ids.has(w.id))).toEqual([]);

    // One moment, not a mix: each kept count agrees with the rows it counts.
    const { rows: courtsOff } = await restored.execute(
      `select c.id from courts c where c.active_players <>
         (select count(*) from court_check_ins i where i.court_id = c.id and i.checked_out_at is null)`,
    );
    expect(courtsOff).toEqual([]);
    const { rows: gamesOff } = await restored.execute(
      `select g.id from games g where g.current_players <>
         (select count(*) from game_participants p where p.game_id = g.id)`,
    );
    expect(gamesOff).toEqual([]);
    const { rows: twiceIn } = await restored.execute(
      "select user_id from court_check_ins where checked_out_at is null group by user_id having count(*) > 1",
    );
    expect(twiceIn).toEqual([]);

    // Every table of the backup, as the file holds it, is in the restored database.
    const asTaken = await openPglite(undefined, {
      loadDataDir: new Blob([fs.readFileSync(file)]),
    });
    try {
      expect(await tableChecksums(restored.execute, RESTAMPED)).toEqual(
        await tableChecksums(asTaken.execute, RESTAMPED),
      );
    } finally {
      await asTaken.close();
    }
  } finally {
    await restored.close();
  }
}, 300_000);
