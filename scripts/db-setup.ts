// Makes the configured database ready: creates it if missing, runs the migrations, then the seeds and
// the demo's call floor (scripts/demo-floor.ts).
// Used by `npm start`; safe to run again (seeds must be idempotent).
import { loadConfig } from '../config';
import knexFactory from 'knex';
import { seedDemoFloor } from './demo-floor';
import { databaseName, ensureDatabase, migrateAndSeed } from './lib/db';

export async function setupDatabase(url: string): Promise<void> {
  await ensureDatabase(url);
  await migrateAndSeed(url);
  const k = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 2 } });
  try {
    await seedDemoFloor(k);
  } finally {
    await k.destroy();
  }
}

if (require.main === module) {
  const url = loadConfig().databaseUrl;
  setupDatabase(url).then(
    () => console.log(`database ${databaseName(url)} ready (migrated and seeded)`),
    (err: unknown) => {
      console.error(`database set-up failed: ${(err as Error).message}`);
      process.exit(1);
    },
  );
}
