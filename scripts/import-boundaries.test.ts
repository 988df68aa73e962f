import { cruise, type ICruiseOptions, type IViolation } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { describe, expect, it } from "vitest";
import { fromRoot } from "../server/lib/project-root.ts";

/**
 * The import rules of `npm run lint` (decision 094): each one reports its violating fixture by
 * name, the allowed exceptions stay quiet, and the real tree breaks none of them.
 */
const MODULES = "./.dependency-cruiser.cjs";
const AREAS = "./.dependency-cruiser-areas.cjs";
const FIXTURES = fromRoot("tests/fixtures/import-boundaries");

async function violations(
  config: string,
  roots: string[],
  options: Partial<ICruiseOptions>,
  tsConfig?: string,
): Promise<IViolation[]> {
  const { tsConfig: configuredTsConfig, ...configured } = await extractDepcruiseOptions(config);
  const result = tsConfig
    ? await cruise(
        roots,
        { ...configured, tsConfig: configuredTsConfig, ...options },
        {},
        { tsConfig: extractTSConfig(tsConfig) },
      )
    : await cruise(roots, { ...configured, ...options });
  if (typeof result.output === "string") throw new Error("expected a cruise result");
  return result.output.summary.violations;
}

const described = (list: readonly IViolation[]) =>
  list.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();

describe("import boundaries", () => {
  it("reports each fixture's broken rule by name, and nothing that is allowed", async () => {
    const found = await violations(MODULES, ["server", "client", "common"], { baseDir: FIXTURES });
    expect(described(found)).toEqual(
      [
        "auth-not-to-modules: server/auth/knows-a-module.ts → server/modules/games/service.ts",
        "client-not-to-server: client/src/features/courts/reads-server.ts → server/lib/server-thing.ts",
        "common-not-to-server-or-client: common/knows-server.ts → server/lib/server-thing.ts",
        "db-not-to-modules: server/db/knows-a-module.ts → server/modules/games/service.ts",
        "feature-not-to-feature: client/src/features/games/uses-courts.ts → client/src/features/courts/court-thing.ts",
        "no-circular: server/modules/players/one.ts → server/modules/players/two.ts",
        "server-not-to-client: server/lib/renders-client.ts → client/src/lib/client-thing.ts",
        "shared-client-not-to-features: client/src/components/uses-a-feature.ts → client/src/features/courts/court-thing.ts",
      ].sort(),
    );
  }, 60_000);

  it("reports a loop between two server modules' folders", async () => {
    const found = await violations(AREAS, ["server", "client", "common"], { baseDir: FIXTURES });
    expect(described(found)).toEqual([
      "no-circular-areas: server/modules/games → server/modules/notifications",
      "no-circular-areas: server/modules/notifications → server/modules/games",
    ]);
  }, 60_000);

  it("finds no broken rule in the real tree", async () => {
    const roots = ["server", "client/src", "common", "scripts", "bench", "tests"];
    const modules = await violations(MODULES, roots, {}, "tsconfig.json");
    const areas = await violations(AREAS, ["server", "client/src", "common"], {}, "tsconfig.json");
    expect(described(modules)).toEqual([]);
    expect(described(areas)).toEqual([]);
  }, 180_000);
});
