import { fileURLToPath } from 'node:url';
import {
  convertCssVariables,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  mergeMantineTheme,
} from '@mantine/core';
import react from '@vitejs/plugin-react';
import postcssPresetMantine from 'postcss-preset-mantine';
import { defineConfig, type Plugin } from 'vite';
import { cssVariablesResolver, theme } from './src/app/theme';
import { precompressPlugin } from './vite-plugins';

/**
 * The respondent page's own build (decision 019): respond.html and src/respond-main.tsx, with Preact
 * standing in for React, into the app's output folder beside the app (run after vite.config.ts, which
 * empties it). Its files are named respond-*, so they never replace the app's.
 */
const outDir = process.env.WEB_OUT_DIR ?? 'dist';

/**
 * The theme's CSS variables, which MantineProvider writes into the page when it runs, written into
 * respond.html's head at build time instead: the page has Mantine's stand-ins
 * (src/features/respondent/lean/mantine-lite/) and is always in light mode.
 */
function themeVariablesPlugin(): Plugin {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const base = defaultCssVariablesResolver(merged);
  const own = cssVariablesResolver(merged);
  const css = convertCssVariables(
    {
      variables: { ...base.variables, ...own.variables, ...base.light, ...own.light },
      light: {},
      dark: {},
    },
    // Above Mantine's defaults (default-css-variables.css: ':root' and its light-mode block).
    'html:root[data-mantine-color-scheme]',
  );
  return {
    name: 'tv-respond-theme-variables',
    transformIndexHtml: () => [
      { tag: 'style', attrs: { 'data-mantine-styles': 'true' }, children: css, injectTo: 'head-prepend' },
    ],
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), themeVariablesPlugin(), precompressPlugin()],
  css: { postcss: { plugins: [postcssPresetMantine()] } },
  resolve: {
    alias: [
      // The contract's plain rules and lists without its schemas: see the two files for why.
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('src/features/respondent/lean/zod-stub.ts', import.meta.url)),
      },
      {
        find: /^@tv\/contract$/,
        replacement: fileURLToPath(new URL('src/features/respondent/lean/contract.ts', import.meta.url)),
      },
      {
        find: /^@mantine\/core$/,
        replacement: fileURLToPath(
          new URL('src/features/respondent/lean/mantine-lite/index.ts', import.meta.url),
        ),
      },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      {
        find: /^react$/,
        replacement: fileURLToPath(new URL('src/features/respondent/lean/react-compat.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir,
    emptyOutDir: false,
    copyPublicDir: false,
    sourcemap: true,
    rolldownOptions: {
      input: { respond: fileURLToPath(new URL('respond.html', import.meta.url)) },
      output: {
        entryFileNames: 'assets/respond-[hash].js',
        chunkFileNames: 'assets/respond-[name]-[hash].js',
        assetFileNames: 'assets/respond-[name]-[hash][extname]',
      },
    },
  },
});
