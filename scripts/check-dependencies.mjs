#!/usr/bin/env node
// The offline dependency check of `npm run check` (decision 024): every package of package-lock.json
// against the advisories kept in security/advisories.json, and the lockfile itself against what makes
// `npm ci` reproducible (an integrity hash and a registry address for every package). Findings we
// accept, with a reason and an end date, are in security/accepted-findings.json.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const read = (path) => JSON.parse(readFileSync(join(root, path), 'utf8'));

/** [major, minor, patch] of a version; a prerelease counts as below its release. */
function parse(version) {
  const match = /^v?(\d+)\.(\d+)\.(\d+)(-[^+]*)?/.exec(version.trim());
  if (!match) return null;
  return [Number(match[1]), Number(match[2]), Number(match[3]), match[4] ? -1 : 0];
}

function compare(a, b) {
  for (let i = 0; i < 4; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

/** Whether a version is in a range such as "<1.2.3" or ">=1.0.0 <1.1.12" (every comparator must hold). */
export function inRange(version, range) {
  const v = parse(version);
  if (!v) return false;
  return range
    .trim()
    .split(/\s+/)
    .every((comparator) => {
      const match = /^(<=|>=|<|>|=)?(.+)$/.exec(comparator);
      const bound = match && parse(match[2]);
      if (!bound) throw new Error(`Cannot read the range "${range}"`);
      const order = compare(v, bound);
      switch (match[1] ?? '=') {
        case '<':
          return order < 0;
        case '<=':
          return order <= 0;
        case '>':
          return order > 0;
        case '>=':
          return order >= 0;
        default:
          return order === 0;
      }
    });
}

// The matcher checks itself first: a check that cannot fail is worse than none.
for (const [version, range, expected] of [
  ['0.18.20', '<0.25.0', true],
  ['0.25.0', '<0.25.0', false],
  ['1.1.11', '>=1.0.0 <1.1.12', true],
  ['2.0.1', '>=1.0.0 <1.1.12', false],
  ['8.17.1-beta.1', '>=8.0.0 <8.17.1', true],
]) {
  if (inRange(version, range) !== expected) throw new Error(`range matcher is wrong for ${version} ${range}`);
}

const lock = read('package-lock.json');
const { advisories, updated } = read('security/advisories.json');
const { accepted } = read('security/accepted-findings.json');
const today = new Date().toISOString().slice(0, 10);

const problems = [];
const notes = [];
const installed = [];
for (const [path, entry] of Object.entries(lock.packages ?? {})) {
  if (path === '' || entry.link) continue;
  const name = entry.name ?? path.split('node_modules/').pop();
  installed.push({ name, version: entry.version, dev: Boolean(entry.dev), path });
  // Workspace packages have no tarball; everything from the registry must carry both.
  if (!path.includes('node_modules/')) continue;
  if (!entry.integrity) problems.push(`${name}@${entry.version}: no integrity hash in package-lock.json`);
  if (entry.resolved && !entry.resolved.startsWith('https://registry.npmjs.org/')) {
    problems.push(`${name}@${entry.version}: resolved outside the npm registry (${entry.resolved})`);
  }
}

for (const advisory of advisories) {
  for (const pkg of installed) {
    if (pkg.name !== advisory.package || !inRange(pkg.version, advisory.affected)) continue;
    const finding = `${advisory.id} (${advisory.severity}) in ${pkg.name}@${pkg.version}${pkg.dev ? ' (development only)' : ''}: ${advisory.summary}`;
    const acceptance = accepted.find(
      (entry) => entry.id === advisory.id && entry.package === pkg.name && entry.version === pkg.version,
    );
    if (!acceptance) problems.push(finding);
    else if (acceptance.until < today)
      problems.push(`${finding} (accepted until ${acceptance.until}, which has passed)`);
    else notes.push(`${finding} (accepted until ${acceptance.until}: ${acceptance.reason})`);
  }
}

const ageDays = Math.floor((Date.parse(today) - Date.parse(updated)) / 86_400_000);
console.log(
  `dependency check: ${installed.length} packages against ${advisories.length} advisories (updated ${updated}, ${ageDays} days ago)`,
);
for (const note of notes) console.log(`  accepted: ${note}`);
if (ageDays > 90) console.log('  warning: the advisory list is over 90 days old; refresh it (decision 024).');
if (problems.length > 0) {
  for (const problem of problems) console.error(`  ✗ ${problem}`);
  process.exit(1);
}
console.log('  no unaccepted finding');
