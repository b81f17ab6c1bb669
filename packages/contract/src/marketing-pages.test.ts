import { describe, expect, it } from 'vitest';
import { isMarketingPage } from './marketing-pages';

describe('marketing pages: where third-party scripts may load (decision 012)', () => {
  it.each([
    '/',
    '/why-us',
    '/about-us',
    '/quality',
    '/contact',
    '/products/',
    '/research',
    '/research/reports/teen-wellbeing-2026',
    '/research/articles/screen-time',
    '/legal/privacy-policy',
    '/legal/terms-of-use',
    '/legal/commercial-terms-and-conditions',
  ])('%s is a marketing page', (path) => {
    expect(isMarketingPage(path)).toBe(true);
  });

  it.each([
    '/login',
    '/register',
    '/cart',
    '/order-confirmation/1',
    '/user/profile',
    '/user/purchase-history',
    '/research/builder',
    '/research/builder/survey/summary/5e1f6a52-7d1e-4c36-9d55-1f7d4f1c0b01',
    '/research/builder/admin/surveys',
    '/research/reports',
    '/research/reports/a/b',
    '/research/articles/a/_payload.json',
    '/shared/results/abc',
    '/s/5e1f6a52-7d1e-4c36-9d55-1f7d4f1c0b02',
    '/s',
    '/style-tokens',
    '/maintenance',
    '/v2/platform/feature-flags',
    '/no-such-page',
  ])('%s is not', (path) => {
    expect(isMarketingPage(path)).toBe(false);
  });
});
