/**
 * Import boundaries, checked by `npm run lint` (decision 094, docs/architecture.md "Import
 * boundaries"). A rule's name is what the linter prints; scripts/import-boundaries.test.ts
 * proves each rule reports a violating fixture under tests/fixtures/import-boundaries/.
 * Folder cycles are checked over production code by .dependency-cruiser-areas.cjs.
 *
 * Exemptions, and why:
 * - Test files (`*.test.ts`) may import across the server's layers (`db-not-to-modules`,
 *   `auth-not-to-modules`) and into the client (`server-not-to-client`): a test of the seed
 *   reads what the seed made through the services, and the first-paint test renders the
 *   client on the server to compare. No test needs `feature-not-to-feature`: test data and
 *   render helpers shared by several features live in client/src/test-support/.
 * - Cycles made only of `import type` are allowed: they vanish when compiled.
 */
const TEST = "\\.test\\.tsx?$";

module.exports = {
  forbidden: [
    {
      name: "client-not-to-server",
      comment: "The client is a browser bundle; it reaches the server over HTTP only.",
      severity: "error",
      from: { path: "^client/" },
      to: { path: "^server/" },
    },
    {
      name: "server-not-to-client",
      comment: "The server knows the client only as built files.",
      severity: "error",
      from: { path: "^server/", pathNot: TEST },
      to: { path: "^client/" },
    },
    {
      name: "common-not-to-server-or-client",
      comment: "common/ is shared by both sides, so it knows neither.",
      severity: "error",
      from: { path: "^common/" },
      to: { path: "^(server|client)/" },
    },
    {
      name: "db-not-to-modules",
      comment:
        "server/db/ holds tables, connections and SQL that know no feature: modules build on it, never the reverse.",
      severity: "error",
      from: { path: "^server/db/", pathNot: TEST },
      to: { path: "^server/(modules|auth)/" },
    },
    {
      name: "auth-not-to-modules",
      comment: "Sessions and accounts come before any feature: features ask auth, not the reverse.",
      severity: "error",
      from: { path: "^server/auth/", pathNot: TEST },
      to: { path: "^server/modules/" },
    },
    {
      name: "feature-not-to-feature",
      comment:
        "A client feature stands alone: shared pieces live in lib/ or components/, and pages/ or app/ compose features.",
      severity: "error",
      from: { path: "^client/src/features/([^/]+)/" },
      to: { path: "^client/src/features/", pathNot: "^client/src/features/$1/" },
    },
    {
      name: "shared-client-not-to-features",
      comment: "components/ and lib/ are what features share, so they know no feature.",
      severity: "error",
      from: { path: "^client/src/(components|lib)/" },
      to: { path: "^client/src/features/" },
    },
    {
      name: "no-circular",
      comment: "No file reaches itself through its imports.",
      severity: "error",
      from: { path: "^(server|client|common)/" },
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^tests/fixtures/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
  },
};
