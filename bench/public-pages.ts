/**
 * Server rendering of public pages against the physical limit in the same run (a bare route):
 * `npm start` in one shell, then `BASE_URL=http://localhost:3000 npx tsx bench/public-pages.ts`.
 */
import { formatResult, runLoad } from './lib/load';

const base = process.env.BASE_URL ?? 'http://localhost:3000';
const listing = (await (
  await fetch(
    `${base}/cms/api/teenvoice-articles?sort=publishedAt:desc&pagination[pageSize]=1&fields[0]=slug`,
  )
).json()) as { data: { attributes: { slug: string } }[] };
const article = `/research/articles/${listing.data[0]?.attributes.slug}`;

const targets = [
  { name: 'bare route GET /healthz', path: '/healthz' },
  { name: 'home page, server rendered', path: '/' },
  { name: 'research feed, server rendered', path: '/research' },
  { name: 'one article, server rendered', path: article },
  { name: 'one article payload JSON', path: `${article}/_payload.json` },
];

for (const concurrency of [1, 10]) {
  for (const target of targets) {
    const result = await runLoad({
      concurrency,
      durationMs: 5_000,
      send: () => fetch(`${base}${target.path}`),
    });
    console.log(formatResult(`${target.name}, ${concurrency} concurrent`, result));
  }
}
