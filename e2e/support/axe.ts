import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

interface AxeResults {
  violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[]; html: string }> }>;
}

/** True in the page when no finite CSS animation or transition is running. */
const settled = `document.getAnimations().every((animation) =>
  animation.playState !== 'running' || !animation.effect || animation.effect.getTiming().iterations === Infinity)`;

/**
 * Runs axe-core (WCAG 2.0–2.2 A and AA rules) in the page as it is now and answers the violations
 * of impact serious or critical. axe is evaluated through the DevTools protocol, which the page's
 * Content-Security-Policy does not govern, so the shop's CSP stays on while it is checked.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  // A dialog or drawer still fading in has blended colours, which axe reads as too little
  // contrast: wait for every finite animation and transition to end (a loader spins forever). If
  // something keeps moving for 10 s, axe checks the page as it is.
  await page.waitForFunction(settled, undefined, { timeout: 10_000 }).catch(() => undefined);
  await page.evaluate(axeSource);
  const results = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }).axe;
    return axe.run((globalThis as unknown as { document: unknown }).document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } });
  });
  return (results as AxeResults).violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => `${node.target.map(String).join(' ')} ${node.html.slice(0, 160)}`),
    }));
}

/** For `expect(await seriousAxeViolations(page)).toEqual([])`: a readable failure lists every rule and where. */
export function describeViolations(violations: readonly AxeViolation[]): string {
  return violations.map((violation) => `${violation.impact} ${violation.id}: ${violation.help} — ${violation.targets.join(', ')}`).join('\n');
}
