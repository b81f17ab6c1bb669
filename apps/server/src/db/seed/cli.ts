import { loadConfig } from '../../config';
import { openDatabase } from '../client';
import { migrateDatabase } from '../migrate';
import { seedDemoData } from './index';

const config = loadConfig();
const database = await openDatabase(config);
await migrateDatabase(database);
await seedDemoData(database.db, config);
await database.close();
console.log(
  `Seeded the ${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL database'}.`,
);
