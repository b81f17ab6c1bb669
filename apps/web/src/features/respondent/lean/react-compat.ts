// @ts-nocheck: Preact's compat typings are declared for `export =` and cannot be re-exported with
// `export *`; this module exists only in the lean build (vite.respond.config.ts), where it is 'react'.
import { createElement, Fragment } from 'preact/compat';

export * from 'preact/compat';
export { default } from 'preact/compat';

/** React 19's Activity, which Mantine imports: a hidden subtree is not rendered (it is not kept). */
export function Activity({ mode, children }) {
  return mode === 'hidden' ? null : createElement(Fragment, null, children);
}
