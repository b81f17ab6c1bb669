import { describe, expect, it } from 'vitest';
import { isLitePage } from './lite-pages';

describe('lite public pages (decision 018)', () => {
  it.each([
    '/',
    '/why-us',
    '/products/',
    '/research',
    '/research/reports/teen-wellbeing-2026',
    '/research/articles/screen-time',
    '/legal/privacy-policy',
  ])('serves %s lite', (path) => {
    expect(isLitePage(path)).toBe(true);
  });

  it.each([
    '/contact',
    '/cart',
    '/login',
    '/research/builder',
    '/research/reports',
    '/research/reports/a/b',
    '/s/5e1f6a52-7d1e-4c36-9d55-1f7d4f1c0b02',
    '/style-tokens',
  ])('serves %s with the app', (path) => {
    expect(isLitePage(path)).toBe(false);
  });
});
