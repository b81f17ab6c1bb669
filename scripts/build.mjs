// Builds what `npm start` runs, and only what changed since the last build (decision 022):
//   - the web app (Vite) into apps/web/$WEB_OUT_DIR (default dist),
//   - the server (esbuild) into apps/server/dist: server.js, seed.js and simulate.js.
// Each output carries a stamp: a sha256 over the contents of its inputs. Contents, not mtimes, so a
// `git checkout` that touches files without changing them does not rebuild, and a changed file always
// does. The stamp is removed before a build and written after it succeeds, so a missing or partial
// build is rebuilt.
//
//   node scripts/build.mjs            build web and server if their inputs changed
//   node scripts/build.mjs server     only the server (web: only the web app)
//   node scripts/build.mjs --force    build even when the stamps match
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => join(repoRoot, ...parts);

/**
 * SERVER_OUT_DIR gives parallel e2e runs a server build each. It must stay two levels under the
 * repository (apps/server/<name>), as config.ts finds the repository from the bundle's own place.
 */
export const serverDist = resolve(at('apps/server'), process.env.SERVER_OUT_DIR ?? 'dist');
/** The same folder the web build and the server's WEB_DIST default use. */
export const webDist = resolve(at('apps/web'), process.env.WEB_OUT_DIR ?? 'dist');
const STAMP = '.build-stamp';

const skippedDirectories = new Set(['node_modules', 'dist', 'test-results', 'coverage']);
// Tests are not part of either build, so editing one does not rebuild.
const isTest = (name) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(name);

function listFiles(path, out) {
  if (!existsSync(path)) return out;
  const entries = readdirSync(path, { withFileTypes: true });
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const full = join(path, entry.name);
    if (entry.isDirectory()) {
      if (skippedDirectories.has(entry.name) || entry.name.startsWith('dist-') || entry.name.startsWith('.'))
        continue;
      listFiles(full, out);
    } else if (entry.isFile() && !isTest(entry.name)) {
      out.push(full);
    }
  }
  return out;
}

/** sha256 over the relative path and contents of every input file, in a fixed order. */
export function hashInputs(inputs) {
  const hash = createHash('sha256');
  const files = [];
  for (const input of inputs) {
    const full = at(input);
    if (!existsSync(full)) continue;
    if (statSync(full).isDirectory()) listFiles(full, files);
    else files.push(full);
  }
  for (const file of files) {
    hash.update(relative(repoRoot, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const sharedInputs = ['package-lock.json', 'tsconfig.base.json', 'packages/contract'];

export const targets = {
  web: {
    // In server/, the renderer's folder, which the server never serves as a static file.
    stamp: join(webDist, 'server', STAMP),
    inputs: [...sharedInputs, 'apps/web'],
    modeMatters: true,
    build() {
      run('npm', ['run', 'build', '-w', '@tv/web']);
      // The respondent page's lean bundle (decision 019), after the app, whose build empties the folder.
      // Its config, apps/web/vite.respond.config.ts, is among the inputs above (all of apps/web).
      run('npm', ['exec', '-w', '@tv/web', '--', 'vite', 'build', '-c', 'vite.respond.config.ts']);
    },
  },
  server: {
    stamp: join(serverDist, STAMP),
    // This script is the server's build configuration, so a change to it rebuilds the server.
    inputs: [
      ...sharedInputs,
      'packages/emails',
      'apps/server/src',
      'apps/server/package.json',
      'scripts/build.mjs',
    ],
    build: buildServer,
  },
};

function run(command, args) {
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', env: process.env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status})`);
}

/** Packages that read their own files (__dirname, import.meta.url) or load native code. */
const externalPackages = [
  '@electric-sql/pglite', // its wasm and data bundle
  '@node-rs/argon2', // native binaries per platform
  'pdfkit', // font metrics in its data folder
  '@fastify/swagger', // reads its package.json
  '@fastify/swagger-ui', // serves its static folder
  'pino', // worker-thread transports load files by path
  'ioredis', // loaded only with REDIS_URL; uses __dirname
  'pg-native', // optional native driver pg tries to load
];

async function buildServer(stamp) {
  const esbuild = await import('esbuild');
  // Built beside and then moved into place, so two builds started together (parallel e2e runs) never
  // write into the same folder, and a running server never sees a half-written one.
  const temporary = `${serverDist}-tmp-${process.pid}`;
  rmSync(temporary, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: repoRoot,
    entryPoints: {
      server: 'apps/server/src/server.ts',
      seed: 'apps/server/src/db/seed/cli.ts',
      simulate: 'apps/server/src/cli/simulate.ts',
    },
    outdir: temporary,
    bundle: true,
    // Shared code goes into chunks beside the entries, not in a subfolder: config.ts and migrate.ts find
    // the repository and the migrations relative to their own file (import.meta.url), and
    // apps/server/dist/x.js sits at the same depth as apps/server/src/x.ts.
    splitting: true,
    chunkNames: 'chunk-[hash]',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    jsx: 'automatic',
    sourcemap: 'linked',
    // Bundled CommonJS packages require Node's built-ins and the external packages at run time.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
    },
    // Dependencies are bundled too: loading one file is about a second faster than resolving and
    // loading some thousand files from node_modules. These stay outside, loaded from node_modules as
    // they are, because they read files next to themselves or are native code.
    external: externalPackages,
    logLevel: 'warning',
  });
  // The migrator reads the SQL files from `migrations` next to the module (import.meta.url).
  cpSync(at('apps/server/src/db/migrations'), join(temporary, 'migrations'), { recursive: true });
  writeFileSync(join(temporary, STAMP), stamp);
  rmSync(serverDist, { recursive: true, force: true });
  try {
    renameSync(temporary, serverDist);
  } catch (error) {
    // Another build moved its folder in first; it was built from the same sources.
    rmSync(temporary, { recursive: true, force: true });
    if (!existsSync(join(serverDist, STAMP))) throw error;
  }
}

/** Builds `name` unless its stamp matches its inputs; returns whether it built. */
export async function ensureBuilt(name, { force = false, log = console.log } = {}) {
  const target = targets[name];
  const stampFile = target.stamp;
  // The mode is an input too: a web bundle built with NODE_ENV=development (React's jsxDEV, slower
  // in every e2e test) is never taken for the production one.
  const hash = `${hashInputs(target.inputs)}${target.modeMatters ? `-${process.env.NODE_ENV || 'production'}` : ''}`;
  const stamp = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : null;
  if (!force && stamp === hash) return false;
  log(`${name}: ${stamp ? 'sources changed' : 'no current build'}, building…`);
  const started = performance.now();
  rmSync(stampFile, { force: true });
  await target.build(`${hash}\n`);
  writeFileSync(stampFile, `${hash}\n`);
  log(`${name}: built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const names = args.filter((arg) => !arg.startsWith('--'));
  for (const name of names.length > 0 ? names : ['web', 'server']) {
    if (!targets[name]) throw new Error(`Unknown build "${name}"; use web or server.`);
    await ensureBuilt(name, { force });
  }
}
