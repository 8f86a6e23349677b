// Builds one migrated template database per test run; each test file clones it (see test/db.ts).
import { loadConfig } from '../config';
import { createDatabase, dropDatabase, migrateLatest, withDatabase } from '../scripts/lib/db';
import { TEMPLATE_DB } from './db';

export default async function globalSetup(): Promise<void> {
  const url = loadConfig().databaseUrl;
  await dropDatabase(url, TEMPLATE_DB);
  await createDatabase(url, TEMPLATE_DB);
  await migrateLatest(withDatabase(url, TEMPLATE_DB));
}
