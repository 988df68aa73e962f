import { loadConfig } from "../server/config.ts";
import { openConfiguredDatabase } from "../server/db/open.ts";
import { recomputeLevels } from "../server/modules/levels/recompute.ts";

// Every level from scratch, replaying all results and peer ratings (decision 110). Safe beside a
// running server on PostgreSQL (recordings wait for it); on the embedded database the server
// holds DATA_DIR, so stop it first.
const database = await openConfiguredDatabase(loadConfig());
try {
  const report = await recomputeLevels(database.db);
  console.log(
    `Levels recomputed (${database.kind}): ${report.results} results and ${report.nudges} peer ` +
      `nudges replayed; ${report.ratingsChanged} ratings and ${report.changesChanged} changes rewritten.`,
  );
} finally {
  await database.close();
}
