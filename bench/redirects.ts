/**
 * The redirect check runs before every navigation in the app. Measures GET /v2/redirects/resolve
 * against a running server: `BASE_URL=http://localhost:3000 npx tsx bench/redirects.ts`.
 */
import { formatResult, runLoad } from './lib/load';

const base = process.env.BASE_URL ?? 'http://localhost:3000';
const paths = [
  '/features',
  '/research',
  '/reports/teen-wellbeing-2026',
  '/about-us',
  '/insights/screen-time',
];

for (const concurrency of [1, 10, 50]) {
  const result = await runLoad({
    concurrency,
    durationMs: 5_000,
    send: (_worker, i) =>
      fetch(`${base}/v2/redirects/resolve?path=${encodeURIComponent(paths[i % paths.length]!)}`),
  });
  console.log(formatResult(`redirect resolve, ${concurrency} concurrent`, result));
}
