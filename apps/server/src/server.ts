import { buildApp } from './app';
import { loadConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { seedDemoData } from './db/seed/index';

/** Whether the seed ran here before: its first insert is the platform settings row. */
async function seededBefore(database: Database): Promise<boolean> {
  try {
    return (await database.executeSql('select 1 from platform_settings where id = 1', [])).rows.length > 0;
  } catch {
    // No such table yet: a new database.
    return false;
  }
}

const config = loadConfig();
const database = await openDatabase(config);
// A new database is seeded before the server is ready. On one seeded before, the seed only puts back
// what went missing, so it runs once the server is ready instead of delaying every start (decision 022).
const reseed = await seededBefore(database);
const app = await buildApp(config, { database, seed: !reseed });
let seeding: Promise<void> = Promise.resolve();

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const forced = setTimeout(() => {
    app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, 20_000);
  forced.unref();
  try {
    await app.close();
    await seeding;
    // Opened here, so closed here, once the app, its job queue and the seed are done with it.
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
if (reseed) {
  seeding = database
    .withStartupLock(() => seedDemoData(database.db, config))
    .catch((error: unknown) => app.log.error({ err: error }, 'the seed failed'));
}
// Milliseconds since the process began: build check, modules, database, migrations (and a first seed).
app.log.info({ startupMs: Math.round(performance.now()) }, `TeenVoice is ready at ${config.publicUrl}`);
