import { mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureBuilt, hashInputs, repoRoot, targets } from '../../../scripts/build.mjs';

// A throwaway "source folder" inside the repository, as the build's inputs are repository paths.
const folder = join(repoRoot, 'apps/server', `.stamp-test-${process.pid}`);
const input = relative(repoRoot, folder);
const stamp = join(folder, 'out', '.build-stamp');
mkdirSync(join(folder, 'src'), { recursive: true });
writeFileSync(join(folder, 'src/a.ts'), 'export const a = 1;\n');
writeFileSync(join(folder, 'src/b.ts'), 'export const b = 2;\n');

let builds = 0;
let failNext = false;
targets.fixture = {
  stamp,
  inputs: [`${input}/src`],
  build() {
    builds++;
    if (failNext) {
      failNext = false;
      throw new Error('the build broke halfway');
    }
    mkdirSync(join(folder, 'out'), { recursive: true });
  },
};
const quiet = { log: () => {} };

afterAll(() => {
  delete targets.fixture;
  rmSync(folder, { recursive: true, force: true });
});

describe('build stamps', () => {
  it('hash contents, not modification times', () => {
    const before = hashInputs([`${input}/src`]);
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(folder, 'src/a.ts'), later, later);
    expect(hashInputs([`${input}/src`])).toBe(before);

    writeFileSync(join(folder, 'src/a.ts'), 'export const a = 3;\n');
    expect(hashInputs([`${input}/src`])).not.toBe(before);
    writeFileSync(join(folder, 'src/a.ts'), 'export const a = 1;\n');
    expect(hashInputs([`${input}/src`])).toBe(before);
  });

  it('leave tests out, but not a renamed file', () => {
    const before = hashInputs([`${input}/src`]);
    writeFileSync(join(folder, 'src/a.test.ts'), 'it("does", () => {});\n');
    expect(hashInputs([`${input}/src`])).toBe(before);
    rmSync(join(folder, 'src/a.test.ts'));

    writeFileSync(join(folder, 'src/c.ts'), readFileSync(join(folder, 'src/b.ts')));
    rmSync(join(folder, 'src/b.ts'));
    expect(hashInputs([`${input}/src`])).not.toBe(before);
    writeFileSync(join(folder, 'src/b.ts'), readFileSync(join(folder, 'src/c.ts')));
    rmSync(join(folder, 'src/c.ts'));
  });

  it('build once, then only after a change, a lost stamp or a failed build', async () => {
    expect(await ensureBuilt('fixture', quiet)).toBe(true);
    expect(await ensureBuilt('fixture', quiet)).toBe(false);
    expect(builds).toBe(1);

    writeFileSync(join(folder, 'src/b.ts'), 'export const b = 4;\n');
    expect(await ensureBuilt('fixture', quiet)).toBe(true);
    expect(await ensureBuilt('fixture', quiet)).toBe(false);

    rmSync(stamp);
    expect(await ensureBuilt('fixture', quiet)).toBe(true);

    // A build that fails leaves no stamp behind, so the next start builds again.
    writeFileSync(join(folder, 'src/b.ts'), 'export const b = 5;\n');
    failNext = true;
    await expect(ensureBuilt('fixture', quiet)).rejects.toThrow('halfway');
    expect(await ensureBuilt('fixture', quiet)).toBe(true);
    expect(await ensureBuilt('fixture', { ...quiet, force: true })).toBe(true);
    expect(builds).toBe(6);
  });

  it('builds again when the mode changes, for a target whose bundle depends on it', async () => {
    const was = process.env.NODE_ENV;
    const fixture = targets.fixture!;
    fixture.modeMatters = true;
    try {
      process.env.NODE_ENV = 'production';
      await ensureBuilt('fixture', quiet);
      expect(await ensureBuilt('fixture', quiet)).toBe(false);
      // A development bundle (React's jsxDEV) is never taken for the production one, or the reverse.
      process.env.NODE_ENV = 'development';
      expect(await ensureBuilt('fixture', quiet)).toBe(true);
      expect(await ensureBuilt('fixture', quiet)).toBe(false);
      delete process.env.NODE_ENV;
      expect(await ensureBuilt('fixture', quiet)).toBe(true);
    } finally {
      delete fixture.modeMatters;
      if (was === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = was;
    }
  });
});
