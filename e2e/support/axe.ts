import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from '@playwright/test';

/** axe-core's browser build, evaluated through the debugging protocol (the app's CSP refuses inline scripts). */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rule sets of QUALITY.md's accessibility budget: WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

/** The impacts the budget allows none of. */
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Waits until every finite animation and transition of the page has ended (a fading dialog or tag
 * measured mid-fade would give false contrast figures). Endless ones (spinners) are left alone.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity && a.playState !== 'finished');
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/** Runs axe-core (WCAG 2 A/AA) on the page as it is now and returns its serious and critical violations. */
export async function blockingViolations(page: Page): Promise<Result[]> {
  await settleAnimations(page);
  await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResults> } }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    [...WCAG_TAGS],
  );
  return results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
}

/** One line per failing node: rule, impact, selector and axe's own explanation (colours and ratio for contrast). */
export function describeViolations(violations: Result[]): string {
  return violations
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${v.id} (${v.impact ?? 'unknown'}) ${n.target.join(' ')}\n    ${n.failureSummary?.replace(/\n/g, '\n    ') ?? v.help}\n    ${n.html.slice(0, 200)}`,
      ),
    )
    .join('\n');
}
