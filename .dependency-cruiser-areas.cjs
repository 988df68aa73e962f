/**
 * No loop between areas of production code (decision 094): a folder of the server (db, lib,
 * jobs, auth, limits, each module) or of the client (app, pages, lib, components/*) never
 * reaches itself through other folders. Shared SQL and read models sit below both sides
 * (server/db/, or a small module named for what it is).
 *
 * Tests and test support are left out: a test may use any module it checks against. Folders
 * inside one client feature (features/courts and features/courts/map) may import each other:
 * `feature-not-to-feature` (.dependency-cruiser.cjs) already keeps features apart.
 */
module.exports = {
  forbidden: [
    {
      name: "no-circular-areas",
      comment: "Areas form no loop: what two areas share moves below both.",
      severity: "error",
      scope: "folder",
      from: { path: "^(server|client)/", pathNot: "^client/src/features/" },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["\\.test\\.tsx?$", "/test-support/", "^tests/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
  },
};
