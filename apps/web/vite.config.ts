import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import postcssPresetMantine from 'postcss-preset-mantine';
import { defineConfig } from 'vite';
import { buildInfoPlugin, fallbackCopyPlugin, precompressPlugin } from './vite-plugins';

const apiTarget = 'http://localhost:3000';
const apiPrefixes = [
  '/v2',
  '/api',
  '/cms',
  '/commerce-content',
  '/healthz',
  '/readyz',
  '/logout',
  '/refresh-access-token',
  '/password',
  '/organizations',
  '/organization',
  '/ecommerce',
  '/build.json',
];

const outDir = process.env.WEB_OUT_DIR ?? 'dist';

export default defineConfig(({ isSsrBuild }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The server renderer (decision 011) is built second, into the client build's server/ folder.
  plugins: isSsrBuild ? [react()] : [react(), buildInfoPlugin(), fallbackCopyPlugin(), precompressPlugin()],
  css: {
    postcss: {
      // rem() and light-dark() in CSS modules; breakpoints are written as plain em values (sm 48em, md 62em).
      plugins: [postcssPresetMantine()],
    },
  },
  define: isSsrBuild ? { __BUILD_INFO__: JSON.stringify({ version: 'server', buildTime: '' }) } : {},
  // The renderer bundles its libraries, so the server loads a few files instead of thousands (an icon
  // barrel alone is ~5,000 modules): about 2 s less at every start (decision 022).
  ssr: isSsrBuild ? { noExternal: true } : {},
  build: isSsrBuild
    ? { outDir: `${outDir}/server`, emptyOutDir: true, sourcemap: true, copyPublicDir: false }
    : {
        // A separate output folder lets two builds (e.g. parallel e2e runs) not overwrite each other.
        outDir,
        emptyOutDir: true,
        sourcemap: true,
        // The server reads the manifest to find the site script of lite public pages (decision 018).
        manifest: true,
        rolldownOptions: {
          // The site script is an entry of its own: lite public pages load it instead of the app.
          input: {
            index: fileURLToPath(new URL('index.html', import.meta.url)),
            site: fileURLToPath(new URL('src/site/site.ts', import.meta.url)),
          },
          output: {
            // Libraries change less often than app code; separate chunks stay cached across deploys.
            codeSplitting: {
              groups: [
                // The staff content editor's rich text; first, so it never joins the chunks public pages load.
                {
                  name: 'vendor-tiptap',
                  test: /node_modules[\\/](@tiptap|@mantine[\\/]tiptap|prosemirror-[a-z-]+|orderedmap|rope-sequence|w3c-keyname|linkifyjs|fast-equals)[\\/]/,
                  // Its dependencies (React, Mantine) stay in their own groups.
                  includeDependenciesRecursively: false,
                },
                { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
                {
                  name: 'vendor-mantine',
                  test: /node_modules[\\/](@mantine|@floating-ui|@tabler|type-fest)[\\/]/,
                },
                { name: 'vendor', test: /node_modules[\\/]/ },
              ],
            },
          },
        },
      },
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(
      apiPrefixes.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }]),
    ),
  },
}));
