/**
 * Accessibility check with axe-core: fails on serious or critical violations and prints each
 * one readably (rule, impact, what to fix, and the elements concerned). Minor and moderate
 * ones are printed as a note but do not fail.
 */
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;
type Violation = AxeResults["violations"][number];

const FAILING = new Set(["serious", "critical"]);

function describe(violation: Violation): string {
  const nodes = violation.nodes
    .slice(0, 5)
    .map((node) => {
      const summary = (node.failureSummary ?? "").replace(/\s*\n\s*/g, " ").trim();
      return `    - ${node.target.join(" ")}\n      ${node.html.slice(0, 200)}\n      ${summary}`;
    })
    .join("\n");
  const more = violation.nodes.length > 5 ? `\n    … and ${violation.nodes.length - 5} more` : "";
  return `  [${violation.impact}] ${violation.id}: ${violation.help}\n    ${violation.helpUrl}\n${nodes}${more}`;
}

/**
 * Lets fades and slides that are under way end first: mid-fade, text blends into its background
 * and axe would measure a contrast that no reader ever sees once the element has settled (a
 * Leaflet popup fading in on a busy machine). Endless animations (a pulsing dot) are left alone.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Runs axe on the page once it has settled; `label` names the page in the message. `include`
 * narrows it to the part a step changed (a CSS selector) when the rest was checked already.
 */
export async function expectAccessible(
  page: Page,
  label: string,
  { include }: { include?: string } = {},
): Promise<AxeResults> {
  await settleAnimations(page);
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const results = await builder.analyze();
  const failing = results.violations.filter((v) => FAILING.has(v.impact ?? ""));
  const other = results.violations.filter((v) => !FAILING.has(v.impact ?? ""));
  if (other.length > 0) {
    console.log(
      `[axe] ${label}: ${other.length} minor/moderate finding(s) (not failing):\n${other.map(describe).join("\n")}`,
    );
  }
  if (failing.length > 0) {
    throw new Error(
      `${label} (${page.url()}) has ${failing.length} serious/critical accessibility violation(s):\n${failing.map(describe).join("\n")}`,
    );
  }
  return results;
}
