import { loadConfig } from "../server/config.ts";
import { openConfiguredDatabase } from "../server/db/open.ts";
import { HttpError } from "../server/lib/http-error.ts";
import { setOperator } from "../server/modules/moderation/operators.ts";

// `npm run operator -- grant EMAIL` / `revoke EMAIL` (decision 116): the only way to make or
// unmake an operator, so nobody gains the role through the app. Written to the audit log. On the
// embedded database the server holds DATA_DIR: stop it first.
const USAGE = "Usage: npm run operator -- grant EMAIL | revoke EMAIL";
const [command, email] = process.argv.slice(2);
if ((command !== "grant" && command !== "revoke") || !email) {
  console.error(USAGE);
  process.exit(2);
}
const database = await openConfiguredDatabase(loadConfig());
try {
  const outcome = await setOperator(database.db, email, command === "grant");
  const said = {
    granted: `${email} is now an operator.`,
    revoked: `${email} is no longer an operator.`,
    unchanged: `${email} ${command === "grant" ? "is an operator already" : "is not an operator"}: nothing changed.`,
  };
  console.log(said[outcome]);
} catch (error) {
  if (!(error instanceof HttpError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
