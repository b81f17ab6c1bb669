import { type ComponentType, createElement, type ReactElement, use } from 'react';

export type LazyScreen = (() => ReactElement) & { preload: () => Promise<void> };

/**
 * A code-split route component the router can preload on hover. Unlike the router's own helper it
 * does not reload on a failed chunk by itself: the error screen applies the per-path reload guard.
 */
export function lazyScreen<TModule>(
  importer: () => Promise<TModule>,
  exportName: { [K in keyof TModule]: TModule[K] extends ComponentType ? K : never }[keyof TModule],
): LazyScreen {
  let loaded: ComponentType | undefined;
  let failure: unknown;
  let pending: Promise<void> | undefined;

  const preload = () => {
    if (loaded) return Promise.resolve();
    pending ??= importer().then(
      (module) => {
        loaded = module[exportName] as ComponentType;
        failure = undefined;
        pending = undefined;
      },
      (error: unknown) => {
        failure = error;
        pending = undefined;
      },
    );
    return pending;
  };

  // A component made inside a factory on purpose: the router needs one per code-split screen.
  function LazyRouteScreen() {
    if (failure !== undefined) throw failure;
    if (!loaded) use(preload());
    if (!loaded) throw failure ?? new Error(`Screen export "${String(exportName)}" is missing`);
    return createElement(loaded);
  }

  return Object.assign(LazyRouteScreen, { preload });
}
