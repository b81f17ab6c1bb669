import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The architecture check of `npm run check` (scripts/architecture-rules.cjs, decision 039) refuses what
 * it is there to refuse: these tests give its rules a small server tree that breaks each of them on
 * purpose. `npm run check:architecture` runs the same rules on the real tree.
 */
const require = createRequire(import.meta.url);
const { rulesFor, unplacedModules } = require('../../../scripts/architecture-rules.cjs') as {
  rulesFor(root: string): unknown[];
  unplacedModules(names: string[]): string[];
};

const here = dirname(fileURLToPath(import.meta.url));
const tree = mkdtempSync(join(tmpdir(), 'tv-architecture-'));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

function write(files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  }
}

/** The rules broken in a tree of these files, as `rule: from → to`. */
async function violations(files: Record<string, string>): Promise<string[]> {
  rmSync(tree, { recursive: true, force: true });
  write(files);
  const root = `${relative(process.cwd(), tree).replaceAll('\\', '/')}/`;
  const result = await cruise([root], {
    validate: true,
    ruleSet: { forbidden: rulesFor(root) } as never,
    enhancedResolveOptions: { extensions: ['.ts'] },
  } as never);
  const output = result.output as {
    summary: { violations: { rule: { name: string }; from: string; to: string }[] };
  };
  return output.summary.violations.map(
    (v) => `${v.rule.name}: ${v.from.slice(root.length)} → ${v.to.slice(root.length)}`,
  );
}

describe('the architecture check', () => {
  it('passes a tree that keeps the rules', async () => {
    expect(
      await violations({
        'lib/text.ts': 'export const trim = (s: string) => s.trim();\n',
        'modules/identity/service.ts':
          "import { trim } from '../../lib/text';\nexport const name = trim(' a ');\n",
        'modules/surveys/service.ts':
          "import { name } from '../identity/service';\nexport const owner = name;\n",
      }),
    ).toEqual([]);
  });

  it('fails on an import cycle between two modules', async () => {
    const found = await violations({
      'modules/surveys/service.ts':
        "import { stored } from '../responses/service';\nexport const a = stored;\n",
      'modules/responses/service.ts':
        "import { a } from '../surveys/service';\nexport const stored = 1;\nexport const b = a;\n",
    });
    expect(found.filter((v) => v.startsWith('no-cycles: ')).length).toBeGreaterThan(0);
    // The upward half of the cycle is named too.
    expect(found).toContain('direction-surveys: modules/surveys/service.ts → modules/responses/service.ts');
  });

  it('fails on an upward import without a cycle, and on a module of the same row', async () => {
    const found = await violations({
      'modules/identity/service.ts': "import { r } from '../results/service';\nexport const i = r;\n",
      'modules/results/service.ts': 'export const r = 1;\n',
      'modules/sharing/service.ts': "import { t } from '../trackers/service';\nexport const s = t;\n",
      'modules/trackers/service.ts': 'export const t = 1;\n',
    });
    expect(found).toEqual([
      'direction-identity: modules/identity/service.ts → modules/results/service.ts',
      'direction-sharing: modules/sharing/service.ts → modules/trackers/service.ts',
    ]);
  });

  it('fails when lib or a plugin knows a module', async () => {
    const found = await violations({
      'modules/identity/service.ts': 'export const viewer = 1;\n',
      'lib/helper.ts': "import { viewer } from '../modules/identity/service';\nexport const h = viewer;\n",
      'plugins/auth.ts': "import { viewer } from '../modules/identity/service';\nexport const p = viewer;\n",
    });
    expect(found.sort()).toEqual([
      'foundations-know-no-module: lib/helper.ts → modules/identity/service.ts',
      'foundations-know-no-module: plugins/auth.ts → modules/identity/service.ts',
    ]);
  });

  it("fails when anything but its own module imports a module's repository", async () => {
    const found = await violations({
      'modules/identity/repository.ts': 'export const row = 1;\n',
      'modules/identity/service.ts': "import { row } from './repository';\nexport const user = row;\n",
      'modules/surveys/service.ts': "import { row } from '../identity/repository';\nexport const s = row;\n",
      'db/seed/index.ts':
        "import { row } from '../../modules/identity/repository';\nexport const seed = row;\n",
    });
    expect(found.sort()).toEqual([
      'repository-is-private-outside-modules: db/seed/index.ts → modules/identity/repository.ts',
      'repository-is-private: modules/surveys/service.ts → modules/identity/repository.ts',
    ]);
  });

  it('places every server module in a row of the map', () => {
    const modules = readdirSync(join(here, 'modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(unplacedModules(modules)).toEqual([]);
  });
});
