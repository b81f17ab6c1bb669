// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { clearSiteData, describeClearedSiteData } from './clear-site-data';

describe('clearSiteData', () => {
  it('empties both storages and reports what it removed', async () => {
    localStorage.setItem('colour-mode', 'dark');
    localStorage.setItem('tv_user', '{}');
    sessionStorage.setItem('utm_params', '{}');
    const cleared = await clearSiteData();
    expect(cleared).toEqual({
      localStorageItems: 2,
      sessionStorageItems: 1,
      cacheStorages: 0,
      serviceWorkers: 0,
    });
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(describeClearedSiteData(cleared)).toEqual([
      '2 items removed from local storage',
      '1 item removed from session storage',
      '0 caches deleted from Cache Storage',
      '0 service workers unregistered',
    ]);
  });
});
