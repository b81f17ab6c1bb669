import { describe, expect, it } from 'vitest';
import { HttpError } from '../lib/http-error';
import {
  forcedColorModeFor,
  keepsScrollPosition,
  layoutFor,
  type MatchMeta,
  navFor,
  navigationErrorStatus,
} from './route-meta';

const match = (overrides: Partial<MatchMeta>): MatchMeta => ({
  status: 'success',
  error: undefined,
  params: {},
  staticData: {},
  ...overrides,
});

describe('route meta', () => {
  it('uses the deepest layout and colour mode', () => {
    const matches = [
      match({}),
      match({ staticData: { layout: 'mobile-scrollable', colorMode: 'dark' } }),
      match({ staticData: { title: 'Publish' } }),
    ];
    expect(layoutFor(matches)).toBe('mobile-scrollable');
    expect(forcedColorModeFor(matches)).toBe('dark');
  });

  it('uses the respondent bar only where a route asks for it, and never on the error screen', () => {
    expect(navFor([match({}), match({ staticData: { nav: 'respondent' } })])).toBe('respondent');
    expect(navFor([match({}), match({ staticData: { layout: 'default' } })])).toBe('site');
    expect(navFor([match({ staticData: { nav: 'respondent' } }), match({ status: 'notFound' })])).toBe(
      'site',
    );
  });

  it('shows errors in the marketing layout', () => {
    const matches = [
      match({}),
      match({ status: 'error', error: new Error('x'), staticData: { layout: 'default' } }),
    ];
    expect(layoutFor(matches)).toBe('marketing');
    expect(navigationErrorStatus(matches)).toBe(500);
  });

  it('reads 404s from notFound matches and from HTTP errors', () => {
    expect(navigationErrorStatus([match({ status: 'notFound' })])).toBe(404);
    expect(navigationErrorStatus([match({ _notFound: true })])).toBe(404);
    expect(navigationErrorStatus([match({ status: 'error', error: new HttpError(401, 'no') })])).toBe(401);
    expect(navigationErrorStatus([match({})])).toBeUndefined();
  });

  it('keeps the scroll position only when the screen opts out', () => {
    expect(keepsScrollPosition([match({}), match({ staticData: { scrollToTop: false } })])).toBe(true);
    expect(keepsScrollPosition([match({ staticData: { scrollToTop: false } }), match({})])).toBe(false);
  });
});
