// `npm start`, `npm run seed`, `npm run simulate`: build what changed (scripts/build.mjs), then run the
// compiled server, seed or simulator in this same process (no second Node start-up).
//   node scripts/start.mjs [server|seed|simulate] [arguments…]
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, serverDist } from './build.mjs';

const entries = new Set(['server', 'seed', 'simulate']);
const entry = entries.has(process.argv[2] ?? '') ? process.argv[2] : 'server';
// The simulator reads its own arguments from process.argv.slice(2), as it does under tsx.
if (process.argv[2] === entry) process.argv.splice(2, 1);

// Only the server serves the web app; the seed and the simulator need the server build only.
if (entry === 'server') await ensureBuilt('web');
await ensureBuilt('server');
await import(pathToFileURL(join(serverDist, `${entry}.js`)).href);
