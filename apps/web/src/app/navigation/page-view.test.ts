// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageViewDelayMs, schedulePageView } from './page-view';

describe('page_view', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.dataLayer = [];
  });
  afterEach(() => vi.useRealTimers());

  it('waits 100 ms after a path change and 1500 ms when only the query or hash changed', () => {
    expect(pageViewDelayMs(true)).toBe(100);
    expect(pageViewDelayMs(false)).toBe(1500);
  });

  it('pushes the event with the title the page has when it is sent', () => {
    document.title = 'Loading';
    schedulePageView({ pathname: '/products', href: 'http://localhost/products?x=1' }, true);
    document.title = 'Products | TeenVoice';
    vi.advanceTimersByTime(99);
    expect(window.dataLayer).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(window.dataLayer).toEqual([
      {
        event: 'page_view',
        page_path: '/products',
        page_location: 'http://localhost/products?x=1',
        page_title: 'Products | TeenVoice',
      },
    ]);
  });

  it('holds a same-path page view for 1500 ms', () => {
    schedulePageView({ pathname: '/products', href: 'http://localhost/products#faq' }, false);
    vi.advanceTimersByTime(1499);
    expect(window.dataLayer).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(window.dataLayer).toHaveLength(1);
  });
});
