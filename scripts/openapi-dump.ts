// Prints the API's OpenAPI document with keys sorted, for comparing two versions of the server
// (issue 24: a refactoring leaves the document as it was). `npx tsx scripts/openapi-dump.ts > file`.
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';

const sorted = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(sorted)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
        )
      : value;

const app = await buildApp(testConfig({ WEB_DIST: '/nonexistent-web-build' }), {
  inMemory: true,
  jobs: false,
  seed: false,
});
await app.ready();
const document = app.swagger() as { info?: { version?: string } };
if (document.info) document.info.version = '';
process.stdout.write(`${JSON.stringify(sorted(document), null, 1)}\n`);
await app.close();
