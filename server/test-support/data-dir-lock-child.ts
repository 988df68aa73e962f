// A process that tries to lock a data directory (argv[2]) when told "go" on stdin, says
// "locked" or "refused: <message>", and holds what it got until its stdin closes or it is killed.
import readline from "node:readline";
import { lockDataDir } from "../db/data-dir-lock.ts";

const dataDir = process.argv[2] ?? "";
const lines = readline.createInterface({ input: process.stdin });
console.log("ready");
lines.on("line", (line) => {
  if (line !== "go") return;
  try {
    lockDataDir(dataDir);
    console.log("locked");
  } catch (error) {
    console.log(`refused: ${(error as Error).message}`);
  }
});
lines.on("close", () => process.exit(0));
