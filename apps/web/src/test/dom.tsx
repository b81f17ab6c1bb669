import { MantineProvider } from '@mantine/core';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll } from 'vitest';

/**
 * For a test file that runs in jsdom (`// @vitest-environment jsdom`): stubs what Mantine reads and
 * jsdom lacks, and unmounts what `render` mounted after each test. Call it once at the file's top level.
 */
export function setUpDom() {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  beforeAll(() => {
    // Mantine reads the colour scheme from media queries, which jsdom does not implement.
    window.matchMedia ??= (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
    // Autosizing textareas listen to font loading, which jsdom does not implement.
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        value: { addEventListener: () => {}, removeEventListener: () => {} },
        configurable: true,
      });
    // Mantine's element size hook observes resizes, which jsdom does not implement.
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
  });

  const mounted: Array<{ root: Root; container: HTMLElement }> = [];
  afterEach(() => {
    for (const { root, container } of mounted.splice(0)) {
      act(() => root.unmount());
      container.remove();
    }
  });

  return {
    /** Mounts `node` inside Mantine's provider in a new element of the document; returns the element. */
    render(node: ReactNode): HTMLElement {
      const container = document.createElement('div');
      document.body.append(container);
      const root = createRoot(container);
      mounted.push({ root, container });
      act(() => root.render(<MantineProvider>{node}</MantineProvider>));
      return container;
    },
  };
}
