import type { ReactNode } from 'react';

/** The theme's CSS variables are written into respond.html at build time (vite.respond.config.ts). */
export function MantineProvider({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}

/** What app/theme.ts uses to build the theme, which the page's MantineProvider is given. */
export const createTheme = <T,>(theme: T) => theme;
export const rem = (value: number | string) =>
  typeof value === 'number' ? `calc(${value / 16}rem * var(--mantine-scale))` : value;
