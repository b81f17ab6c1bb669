import { execSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import type { Plugin } from 'vite';

/** The plugins every client build shares (the app and the lean respondent bundle). */

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
export function buildInfoPlugin(): Plugin {
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
export function precompressPlugin(): Plugin {
  return {
    name: 'tv-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const directory = options.dir;
      if (!directory) return;
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
export function fallbackCopyPlugin(): Plugin {
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
