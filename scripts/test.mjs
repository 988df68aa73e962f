// `npm test`: the whole suite, in passes.
//   1. unit + component + API tests (vitest projects "server" and "client") on in-memory PGlite
//      (TEST_DATABASE_URL is removed from this pass's environment);
//   2. when TEST_DATABASE_URL is set: the API tests again ("server" project) on that PostgreSQL;
//   3. the browser journeys (vitest.e2e.config.ts).
// Each pass prints vitest's usual report and writes a JSON report to a temporary file; the end
// is a summary of each pass and one plain line `tests: N passed, N failed[, N skipped]`.
// The exit code is non-zero when any pass failed or ran no test.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const vitestBin = path.join(root, "node_modules/vitest/vitest.mjs");
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), "bwb-test-"));

// vitest keeps one core for itself (one worker on a 2-core machine); the tests mostly wait on a
// database or a socket, so two workers there halve the unit and API passes.
const workers = ["--maxWorkers", String(Math.max(2, os.availableParallelism() - 1))];

const baseEnv = { ...process.env };
delete baseEnv.TEST_DATABASE_URL;

const passes = [
  { name: "unit, component and API (PGlite)", args: [...workers], env: baseEnv },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: "API on PostgreSQL",
          args: ["--project", "server", ...workers],
          env: { ...baseEnv, TEST_DATABASE_URL: process.env.TEST_DATABASE_URL },
        },
      ]
    : []),
  { name: "browser journeys", args: ["-c", "vitest.e2e.config.ts"], env: baseEnv },
];

let current;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    current?.kill(signal);
    process.exit(130);
  });
}

function runVitest(args, env) {
  return new Promise((resolve) => {
    current = spawn(process.execPath, [vitestBin, "run", ...args], {
      cwd: root,
      env,
      stdio: "inherit",
    });
    current.on("error", (error) => {
      console.error(`could not start vitest: ${error.message}`);
      resolve(1);
    });
    current.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function readReport(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

const results = [];
for (const [index, pass] of passes.entries()) {
  const reportFile = path.join(reportDir, `pass-${index + 1}.json`);
  console.log(`\n=== pass ${index + 1}/${passes.length}: ${pass.name} ===\n`);
  const started = Date.now();
  const exitCode = await runVitest(
    [...pass.args, "--reporter=default", "--reporter=json", `--outputFile.json=${reportFile}`],
    pass.env,
  );
  const seconds = (Date.now() - started) / 1000;
  const report = readReport(reportFile);
  const passed = report?.numPassedTests ?? 0;
  const skipped = (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0);
  // A file that failed outside any test (import error, failing hook) counts as one failure.
  const brokenFiles = (report?.testResults ?? []).filter(
    (file) =>
      file.status === "failed" &&
      !(file.assertionResults ?? []).some((test) => test.status === "failed"),
  ).length;
  let failed = (report?.numFailedTests ?? 0) + brokenFiles;
  // Named in the summary, because a CI log is often read from its tail only.
  const failures = (report?.testResults ?? []).flatMap((file) => {
    const where = path.relative(process.cwd(), file.name);
    const tests = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    if (file.status === "failed" && tests.length === 0) return [`${where} (outside any test)`];
    return tests.map((test) => {
      const firstLine = String(test.failureMessages?.[0] ?? "")
        .split("\n")[0]
        .slice(0, 300);
      return `${where} > ${test.fullName}${firstLine ? `\n    ${firstLine}` : ""}`;
    });
  });
  // Where the time goes (CI's budget is read from the log's tail as well).
  const slowest = (report?.testResults ?? [])
    .map((file) => ({
      where: path.relative(process.cwd(), file.name),
      seconds: ((file.endTime ?? 0) - (file.startTime ?? 0)) / 1000,
    }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 6);
  const problems = [];
  if (!report) problems.push("no JSON report (vitest did not finish)");
  if (exitCode !== 0) problems.push(`vitest exited with ${exitCode}`);
  if (report && passed + failed === 0) problems.push("ran no test");
  if (failed > 0) problems.push(`${failed} failed`);
  // A failing run must never read as "0 failed".
  if (failed === 0 && (exitCode !== 0 || !report)) failed = 1;
  results.push({
    ...pass,
    passed,
    failed,
    skipped,
    seconds,
    ok: problems.length === 0,
    problems,
    failures,
    slowest,
  });
}

fs.rmSync(reportDir, { recursive: true, force: true });

console.log("\n=== summary ===");
for (const r of results) {
  const skippedText = r.skipped ? `, ${r.skipped} skipped` : "";
  const status = r.ok ? "ok" : `FAILED (${r.problems.join("; ")})`;
  console.log(
    `${r.name}: ${r.passed} passed, ${r.failed} failed${skippedText} in ${r.seconds.toFixed(1)} s: ${status}`,
  );
  for (const failure of r.failures) console.log(`  failed: ${failure}`);
  const slow = r.slowest.map((file) => `${file.where} ${file.seconds.toFixed(0)} s`);
  if (slow.length > 0) console.log(`  slowest files: ${slow.join(", ")}`);
}
const total = (key) => results.reduce((sum, r) => sum + r[key], 0);
const skippedTotal = total("skipped");
console.log(
  `tests: ${total("passed")} passed, ${total("failed")} failed${skippedTotal ? `, ${skippedTotal} skipped` : ""}`,
);
process.exit(results.every((r) => r.ok) ? 0 : 1);
