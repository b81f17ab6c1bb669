// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  adStorageGranted,
  CONSENT_STORAGE_KEY,
  pushConsentDefault,
  pushConsentUpdate,
  readConsentChoice,
  writeConsentChoice,
} from './consent';

describe('consent mode', () => {
  beforeEach(() => {
    window.dataLayer = [];
    localStorage.clear();
  });

  it('pushes the default once, all granted with a 500 ms wait, as gtag arguments', () => {
    pushConsentDefault();
    pushConsentDefault();
    expect(window.dataLayer).toHaveLength(1);
    const entry = window.dataLayer?.[0] as IArguments;
    expect(Array.isArray(entry)).toBe(false);
    expect(Array.from(entry)).toEqual([
      'consent',
      'default',
      {
        ad_storage: 'granted',
        ad_user_data: 'granted',
        ad_personalization: 'granted',
        analytics_storage: 'granted',
        wait_for_update: 500,
      },
    ]);
  });

  it('pushes a stored choice as an update', () => {
    pushConsentUpdate({ analytics: true, ads: false });
    expect(Array.from(window.dataLayer?.[0] as IArguments)).toEqual([
      'consent',
      'update',
      {
        ad_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
        analytics_storage: 'granted',
      },
    ]);
  });

  it('keeps the choice under tv_consent and grants ad storage until one is made', () => {
    expect(adStorageGranted()).toBe(true);
    writeConsentChoice({ analytics: false, ads: false, updatedAt: '2026-01-01T00:00:00.000Z' });
    expect(JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY) ?? '')).toEqual({
      analytics: false,
      ads: false,
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    expect(readConsentChoice()?.ads).toBe(false);
    expect(adStorageGranted()).toBe(false);
    localStorage.setItem(CONSENT_STORAGE_KEY, '{broken');
    expect(readConsentChoice()).toBeNull();
  });
});
