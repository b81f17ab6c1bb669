// The server's layers and the directions its modules may depend on each other (issue 24, decision 039),
// as dependency-cruiser rules. `.dependency-cruiser.cjs` applies them to apps/server/src in `npm run
// check`; scripts/architecture.test.ts applies them to a small tree with a deliberate cycle, to show
// the check fails on one. docs/architecture.md draws the same map.

/**
 * Server modules from the bottom up. A module may use modules of lower rows only, never one of its
 * own row or above. Everything a module uses of another goes through that module's service.ts
 * (biome's noRestrictedImports); what a lower module must tell a higher one is an event (lib/events.ts)
 * or an interface the lower one declares and the higher one fulfils.
 */
const moduleLayers = [
  ['mail', 'platform', 'feature-flags', 'privacy'],
  ['content'],
  ['identity'],
  ['organizations'],
  ['projects', 'admin', 'leads', 'action-plans'],
  ['surveys'],
  ['safeguarding'],
  ['responses'],
  ['results'],
  ['sharing', 'trackers'],
  ['commerce', 'site'],
];

/** dependency-cruiser's `forbidden` rules for a server source tree at `root` (a path regex prefix). */
function rulesFor(root) {
  const modules = `${root}modules/`;
  const rules = [
    {
      name: 'no-cycles',
      severity: 'error',
      comment:
        'No import cycle anywhere in the server: a cycle means two parts cannot be read, tested or changed apart.',
      from: { path: `^${root}` },
      // A type-only import is gone at run time; a cycle through one is still a cycle for the reader
      // when a value flows back, so only the cycles of imports that stay are refused.
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'foundations-know-no-module',
      severity: 'error',
      comment:
        'lib, plugins, jobs, config and the database (its client, schema and migrations) sit below every module and know none of them. A plugin that needs a module is given it as an option by app.ts.',
      from: { path: `^${root}(lib|plugins|jobs|config\\.ts|db/(?!seed/))`, pathNot: '\\.test\\.ts$' },
      to: { path: `^${root}(modules|db/seed|cli|app\\.ts|server\\.ts|test)/?` },
    },
    {
      name: 'repository-is-private',
      severity: 'error',
      comment:
        "A module's repository is read and written by its own module only; others call its service.ts.",
      from: { path: `^${modules}([^/]+)/` },
      to: { path: `^${modules}[^/]+/repository\\.ts$`, pathNot: `^${modules}$1/` },
    },
    {
      name: 'repository-is-private-outside-modules',
      severity: 'error',
      comment: "Seeds, command-line tools and the app use a module's service.ts, never its repository.",
      from: { path: `^${root}(?!modules/)`, pathNot: '\\.test\\.ts$' },
      to: { path: `^${modules}[^/]+/repository\\.ts$` },
    },
    {
      name: 'modules-know-no-composition',
      severity: 'error',
      comment:
        'Modules never import what composes them: the app, the server, seeds, command-line tools or test helpers.',
      from: { path: `^${modules}`, pathNot: '\\.test\\.ts$' },
      to: { path: `^${root}(app\\.ts|server\\.ts|db/seed/|cli/|test/)` },
    },
  ];
  moduleLayers.forEach((row, rank) => {
    const higher = moduleLayers.slice(rank).flat();
    for (const name of row) {
      const forbidden = higher.filter((other) => other !== name);
      if (forbidden.length === 0) continue;
      rules.push({
        name: `direction-${name}`,
        severity: 'error',
        comment: `${name} may use only modules of lower rows (scripts/architecture-rules.cjs): not ${forbidden.join(', ')}.`,
        from: { path: `^${modules}${name}/`, pathNot: '\\.test\\.ts$' },
        to: { path: `^${modules}(${forbidden.join('|')})/` },
      });
    }
  });
  return rules;
}

/** Every server module must be placed in a row: a new one fails the check until it is. */
function unplacedModules(moduleNames) {
  const placed = new Set(moduleLayers.flat());
  return moduleNames.filter((name) => !placed.has(name));
}

module.exports = { moduleLayers, rulesFor, unplacedModules };
