/**
 * Lighthouse (mobile, the default form factor) on the home page and one article, in Debian's Chromium,
 * against a running server: `npm start` in one shell, then
 * `BASE_URL=http://localhost:3000 npx tsx bench/lighthouse.ts`.
 * Prints the performance, SEO, accessibility and best-practices scores with the Core Web Vitals.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const base = process.env.BASE_URL ?? 'http://localhost:3000';
const runs = Number(process.env.RUNS ?? 3);

async function newestArticlePath(): Promise<string> {
  const response = await fetch(
    `${base}/cms/api/teenvoice-articles?sort=publishedAt:desc&pagination[pageSize]=1&fields[0]=slug`,
  );
  const body = (await response.json()) as { data: { attributes: { slug: string } }[] };
  const slug = body.data[0]?.attributes.slug;
  if (!slug) throw new Error('No published article: start the server with the demo content first.');
  return `/research/articles/${slug}`;
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

try {
  for (const path of ['/', await newestArticlePath()]) {
    const scores: Record<string, number[]> = {};
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'seo', 'accessibility', 'best-practices'],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
      const { categories, audits } = result.lhr;
      const record = (name: string, value: number | null | undefined) => {
        scores[name] ??= [];
        scores[name].push(value ?? Number.NaN);
      };
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
} finally {
  chrome.kill();
}
