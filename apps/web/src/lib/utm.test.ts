// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { captureUtmParams, utmHeaders, utmStorageKey } from './utm';

describe('utm params', () => {
  beforeEach(() => sessionStorage.clear());

  it('stores all utm params when any is in the URL', () => {
    const stored = captureUtmParams(new URLSearchParams('utm_source=newsletter&utm_campaign=spring&x=1'));
    expect(stored).toEqual({ source: 'newsletter', campaign: 'spring' });
    expect(JSON.parse(sessionStorage.getItem(utmStorageKey) ?? '')).toEqual({
      source: 'newsletter',
      campaign: 'spring',
    });
  });

  it('restores the stored params when the URL has none', () => {
    captureUtmParams(new URLSearchParams('utm_medium=email&utm_term=teens'));
    expect(captureUtmParams(new URLSearchParams('page=2'))).toEqual({ medium: 'email', term: 'teens' });
  });

  it('replaces a previous campaign entirely', () => {
    captureUtmParams(new URLSearchParams('utm_source=a&utm_medium=b'));
    captureUtmParams(new URLSearchParams('utm_referrer=partner'));
    expect(captureUtmParams(new URLSearchParams())).toEqual({ referrer: 'partner' });
  });

  it('turns stored params into X-UTM headers', () => {
    captureUtmParams(
      new URLSearchParams(
        'utm_referrer=r&utm_source=s&utm_medium=m&utm_campaign=c&utm_content=ct&utm_term=t',
      ),
    );
    expect(utmHeaders()).toEqual({
      'X-UTM-Referrer': 'r',
      'X-UTM-Source': 's',
      'X-UTM-Medium': 'm',
      'X-UTM-Campaign': 'c',
      'X-UTM-Content': 'ct',
      'X-UTM-Term': 't',
    });
  });

  it('ignores a corrupted stored value', () => {
    sessionStorage.setItem(utmStorageKey, '{not json');
    expect(utmHeaders()).toEqual({});
  });
});
