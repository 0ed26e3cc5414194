import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

// The axe-core npm package, evaluated in the page through the DevTools protocol: an injected <script> would be
// refused by the app's Content-Security-Policy, and the audit should see the page exactly as served.
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

type AxeViolation = { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] };

/**
 * axe-core's serious and critical violations on the page as it is now, one line per rule with up to three of the
 * elements it names, so a failure says what to fix.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }
    ).axe;
    const results = (await axe.run(document, { resultTypes: ['violations'] })) as { violations: unknown[] };
    return results.violations;
  });
  return (violations as AxeViolation[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 3)
          .map((node) => JSON.stringify(node.target))
          .join(', ')}`,
    );
}

/** The elements failing the given axe rules (any impact), as `rule: target` lines. */
export async function axeRuleViolations(page: Page, rules: string[]): Promise<string[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (ruleIds) => {
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }
    ).axe;
    const options = { runOnly: { type: 'rule', values: ruleIds }, resultTypes: ['violations'] };
    const results = (await axe.run(document, options)) as { violations: unknown[] };
    return results.violations;
  }, rules);
  return (violations as AxeViolation[]).flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${JSON.stringify(node.target)}`),
  );
}
