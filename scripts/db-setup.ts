// Makes the configured database ready: creates it if missing, runs the migrations, then the seeds.
// Used by `npm start`; safe to run again (seeds must be idempotent).
import { loadConfig } from '../config';
import { databaseName, ensureDatabase, migrateAndSeed } from './lib/db';

export async function setupDatabase(url: string): Promise<void> {
  await ensureDatabase(url);
  await migrateAndSeed(url);
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
