export interface ClearedSiteData {
  localStorageItems: number;
  sessionStorageItems: number;
  cacheStorages: number;
  serviceWorkers: number;
}

function clearStorage(storage: Storage | undefined): number {
  if (!storage) return 0;
  const count = storage.length;
  storage.clear();
  return count;
}

/** Removes everything this site keeps in the browser, so a stuck client can start over. */
export async function clearSiteData(scope: typeof globalThis = globalThis): Promise<ClearedSiteData> {
  const localStorageItems = clearStorage(scope.localStorage);
  const sessionStorageItems = clearStorage(scope.sessionStorage);

  let cacheStorages = 0;
  if (scope.caches) {
    const names = await scope.caches.keys();
    const deleted = await Promise.all(names.map((name) => scope.caches.delete(name)));
    cacheStorages = deleted.filter(Boolean).length;
  }

  let serviceWorkers = 0;
  const container = scope.navigator?.serviceWorker;
  if (container) {
    const registrations = await container.getRegistrations();
    const unregistered = await Promise.all(registrations.map((registration) => registration.unregister()));
    serviceWorkers = unregistered.filter(Boolean).length;
  }

  return { localStorageItems, sessionStorageItems, cacheStorages, serviceWorkers };
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function describeClearedSiteData(cleared: ClearedSiteData): string[] {
  return [
    `${plural(cleared.localStorageItems, 'item', 'items')} removed from local storage`,
    `${plural(cleared.sessionStorageItems, 'item', 'items')} removed from session storage`,
    `${plural(cleared.cacheStorages, 'cache', 'caches')} deleted from Cache Storage`,
    `${plural(cleared.serviceWorkers, 'service worker', 'service workers')} unregistered`,
  ];
}
