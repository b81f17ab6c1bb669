// The JavaScript budget of the first pages (issue 11): what a browser runs before the visitor's first
// interaction, gzip. The file lists are read from the build, not guessed from names, so a chunk that
// joins a first load is counted the day it does. `npm run test:size` (part of `npm test`) fails over it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const web = join('apps/web', process.env.WEB_OUT_DIR ?? 'dist');
if (!existsSync(join(web, 'index.html'))) throw new Error(`No web build in ${web}: run npm run build first`);

/** The site script of lite public pages and every chunk it imports statically (decision 018). */
function sitePaths() {
  const manifest = JSON.parse(readFileSync(join(web, '.vite/manifest.json'), 'utf8'));
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('src/site/site.ts');
  if (files.size === 0) throw new Error('The build has no site script (src/site/site.ts)');
  // The classic script every page runs first, to set the stored colour mode before painting.
  return [...[...files].map((file) => join(web, file)), join(web, 'colour-mode.js')];
}

/** The scripts respond.html loads and preloads (decision 019). */
function respondPaths() {
  const html = readFileSync(join(web, 'respond.html'), 'utf8');
  const sources = [
    ...html.matchAll(/<script type="module"[^>]* src="([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g),
  ].map((match) => join(web, match[1]));
  if (sources.length === 0) throw new Error('respond.html loads no script');
  return sources;
}

export default [
  {
    name: 'Home, research, report and article pages: JavaScript before the first interaction',
    path: sitePaths(),
    limit: '100 KB',
    gzip: true,
  },
  {
    name: 'Respondent page /s/{id}: JavaScript before the first interaction',
    path: respondPaths(),
    limit: '100 KB',
    gzip: true,
  },
];
