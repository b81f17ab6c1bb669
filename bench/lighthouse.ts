/**
 * Lighthouse (mobile, its default form factor) on the home page, the newest article, the newest report
 * and the demo's live respondent page (issue 11: performance ≥ 95, accessibility 100), in Debian's Chromium,
 * against a running server: `npm start` in one shell, then
 * `BASE_URL=http://localhost:3000 npx tsx bench/lighthouse.ts`.
 * Lighthouse is fetched by npx at a pinned version (12.x, the last line for Node 20) rather than kept
 * in the lock file: it is a hand-run tool, and its dependency tree would slow every `npm ci`.
 * Prints the median of RUNS runs (default 3): performance, SEO, accessibility, best practices and the
 * Core Web Vitals.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const base = process.env.BASE_URL ?? 'http://localhost:3000';
const runs = Number(process.env.RUNS ?? 3);
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';

async function newestPath(collection: 'articles' | 'reports'): Promise<string> {
  const response = await fetch(
    `${base}/cms/api/teenvoice-${collection}?sort=publishedAt:desc&pagination[pageSize]=1&fields[0]=slug`,
  );
  const body = (await response.json()) as { data: { attributes: { slug: string } }[] };
  const slug = body.data[0]?.attributes.slug;
  if (!slug) throw new Error(`No published ${collection}: start the server with the demo content first.`);
  return `/research/${collection}/${slug}`;
}

/** The demo's live pulse check (seeded by `npm start`); RESPOND_PATH names another. */
const respondPath = process.env.RESPOND_PATH ?? '/s/5e1f6a52-7d1e-4c36-9d55-1f7d4f1c0b02';

interface Report {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
}

function lighthouse(url: string, output: string): Report {
  execFileSync(
    'npx',
    [
      '--yes',
      'lighthouse@12.8.2',
      url,
      '--quiet',
      '--output=json',
      `--output-path=${output}`,
      '--only-categories=performance,seo,accessibility,best-practices',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CHROME_PATH: chrome } },
  );
  return JSON.parse(readFileSync(output, 'utf8')) as Report;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const folder = mkdtempSync(join(tmpdir(), 'tv-lighthouse-'));

for (const path of ['/', await newestPath('articles'), await newestPath('reports'), respondPath]) {
  const scores: Record<string, number[]> = {};
  const record = (name: string, value: number | null | undefined) => {
    scores[name] ??= [];
    scores[name].push(value ?? Number.NaN);
  };
  // A server that has been serving: the page rendered once (the render cache keeps it, decision 018).
  await fetch(`${base}${path}`).then((response) => response.text());
  for (let run = 0; run < runs; run++) {
    const { categories, audits } = lighthouse(`${base}${path}`, join(folder, `run-${run}.json`));
    for (const [id, category] of Object.entries(categories))
      record(id, Math.round((category.score ?? 0) * 100));
    record('FCP ms', audits['first-contentful-paint']?.numericValue);
    record('LCP ms', audits['largest-contentful-paint']?.numericValue);
    record('TBT ms', audits['total-blocking-time']?.numericValue);
    record('CLS', audits['cumulative-layout-shift']?.numericValue);
  }
  const line = Object.entries(scores)
    .map(([name, values]) => `${name} ${Math.round(median(values) * 1000) / 1000}`)
    .join(' · ');
  console.log(`${path} (median of ${runs}, mobile): ${line}`);
}
