import { execSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import postcssPresetMantine from 'postcss-preset-mantine';
import { defineConfig, type Plugin } from 'vite';

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

function readVersion(): string {
  const rootPackage = JSON.parse(
    readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8'),
  ) as {
    version?: string;
  };
  if (rootPackage.version) return rootPackage.version;
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    // A fresh checkout without commits still needs a distinct version per build.
    return `build-${Date.now().toString(36)}`;
  }
}

/** Bakes {version, buildTime} into the bundle and writes the same values to dist/build.json. */
function buildInfoPlugin(): Plugin {
  const info = { version: readVersion(), buildTime: new Date().toISOString() };
  return {
    name: 'tv-build-info',
    config: () => ({ define: { __BUILD_INFO__: JSON.stringify(info) } }),
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'build.json', source: `${JSON.stringify(info)}\n` });
    },
  };
}

/**
 * Writes a brotli (.br) and a gzip (.gz) twin beside every text asset, compressed once at the best
 * level, so the server sends them as they are instead of compressing on every request.
 */
function precompressPlugin(): Plugin {
  return {
    name: 'tv-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const directory = options.dir ?? outDir;
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|svg|json|txt)$/.test(fileName)) continue;
        const path = `${directory}/${fileName}`;
        const source = readFileSync(path);
        if (source.length < 1024) continue;
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(source, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

const fallbackCopyPath = '/copy/strapiCopyFallback.json';
const fallbackCopySource = fileURLToPath(
  new URL('../../packages/contract/src/copy/builder-copy.json', import.meta.url),
);

/** The interface copy the app falls back to when the content service fails (spec §7), in dev and in the build. */
function fallbackCopyPlugin(): Plugin {
  return {
    name: 'tv-fallback-copy',
    configureServer(server) {
      server.middlewares.use(fallbackCopyPath, (_request, response) => {
        response.setHeader('Content-Type', 'application/json');
        response.end(readFileSync(fallbackCopySource, 'utf8'));
      });
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: fallbackCopyPath.slice(1),
        source: readFileSync(fallbackCopySource, 'utf8'),
      });
    },
  };
}

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
  build: isSsrBuild
    ? { outDir: `${outDir}/server`, emptyOutDir: true, sourcemap: true, copyPublicDir: false }
    : {
        // A separate output folder lets two builds (e.g. parallel e2e runs) not overwrite each other.
        outDir,
        emptyOutDir: true,
        sourcemap: true,
        rolldownOptions: {
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
