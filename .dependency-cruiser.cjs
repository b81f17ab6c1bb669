// `npm run check:architecture`: the server's layers and module directions (scripts/architecture-rules.cjs).
const { rulesFor } = require('./scripts/architecture-rules.cjs');

module.exports = {
  forbidden: rulesFor('apps/server/src/'),
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|dist-[^/]+|node_modules)/|\\.gen\\.ts$' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs', '.cjs', '.json'] },
  },
};
