// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { adClickCookies, captureAdClick, findAdClick, parentCookieDomain } from './ad-click';

describe('parentCookieDomain', () => {
  it.each([
    ['app.example.com', '.example.com'],
    ['a.b.example.com', '.example.com'],
    ['example.com', '.example.com'],
    ['www.example.co.uk', '.example.co.uk'],
    ['shop.example.com.au', '.example.com.au'],
    ['APP.Example.COM.', '.example.com'],
  ])('%s → %s', (host, domain) => {
    expect(parentCookieDomain(host)).toBe(domain);
  });

  it.each(['localhost', 'app.localhost', '127.0.0.1', '10.0.0.12', '[::1]', '::1', 'intranet', 'co.uk'])(
    'has no domain attribute for %s',
    (host) => {
      expect(parentCookieDomain(host)).toBeUndefined();
    },
  );
});

describe('ad click cookies', () => {
  afterEach(() => {
    for (const name of ['ad_click_source', 'ad_click_id']) {
      // biome-ignore lint/suspicious/noDocumentCookie: the code under test writes document.cookie too.
      document.cookie = `${name}=; max-age=0; path=/`;
    }
  });

  it('finds the first recognised click id', () => {
    expect(findAdClick(new URLSearchParams('utm_source=x&fbclid=abc&gclid=def'))).toEqual({
      source: 'gclid',
      id: 'def',
    });
    expect(findAdClick(new URLSearchParams('li_fat_id=9'))).toEqual({ source: 'li_fat_id', id: '9' });
    expect(findAdClick(new URLSearchParams('q=1'))).toBeUndefined();
  });

  it('writes both cookies for 28 days on the parent domain', () => {
    expect(adClickCookies({ source: 'gclid', id: 'a b' }, 'app.example.com', true)).toEqual([
      'ad_click_source=gclid; max-age=2419200; path=/; domain=.example.com; SameSite=Lax; Secure',
      'ad_click_id=a%20b; max-age=2419200; path=/; domain=.example.com; SameSite=Lax; Secure',
    ]);
    expect(adClickCookies({ source: 'ttclid', id: '1' }, 'localhost', false)[0]).toBe(
      'ad_click_source=ttclid; max-age=2419200; path=/; SameSite=Lax',
    );
  });

  it('sets the cookies in the browser when the URL carries a click id', () => {
    captureAdClick(new URLSearchParams('msclkid=xyz'), { hostname: 'localhost', protocol: 'http:' });
    expect(document.cookie).toContain('ad_click_source=msclkid');
    expect(document.cookie).toContain('ad_click_id=xyz');
  });

  it('sets nothing once the visitor turned advertising off', () => {
    captureAdClick(
      new URLSearchParams('gclid=blocked'),
      { hostname: 'localhost', protocol: 'http:' },
      () => false,
    );
    expect(document.cookie).not.toContain('blocked');
  });
});
