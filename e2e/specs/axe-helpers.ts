import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * The WCAG 2.2 A and AA rules: the bar we hold every screen to. Leaving out axe's best-practice rules
 * (moderate or minor almost all, and we fail only on serious and critical) makes each check about a
 * third quicker, which a suite of a hundred checks on a two-core machine needs.
 */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * An axe run over the WCAG rules of the page as it is now. Only violations are gathered: axe then
 * skips building a selector for every node that passed, most of a check's time on a large screen.
 */
export const axeFor = (page: Page) =>
  new AxeBuilder({ page }).withTags(WCAG_TAGS).options({ resultTypes: ['violations'] });

export interface AxeScope {
  /** Only this part of the page (a CSS selector). */
  include?: string;
  /** Leave this part out: it belongs to another screen's checks (a CSS selector). */
  exclude?: string;
  /** How long entrance transitions get to settle, so colours are measured at rest. */
  settleMs?: number;
}

/** Serious and critical axe violations on the page as it is now, five nodes each. */
export async function seriousViolations(page: Page, scope: AxeScope = {}) {
  if (scope.settleMs) await page.waitForTimeout(scope.settleMs);
  let builder = axeFor(page);
  if (scope.include) builder = builder.include(scope.include);
  if (scope.exclude) builder = builder.exclude(scope.exclude);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      nodes: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')}: ${node.failureSummary}`),
    }));
}

/** One axe check of a screen: nothing serious or critical once transitions have settled. */
export async function expectNoSeriousViolations(page: Page, scope: AxeScope = {}) {
  expect(await seriousViolations(page, { settleMs: 400, ...scope })).toEqual([]);
}
