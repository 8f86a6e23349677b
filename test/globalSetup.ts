// Builds one migrated template database per test run; each test file clones it (see test/db.ts).
// The name is per run, so two runs on one machine do not drop each other's template.
import { loadConfig } from '../config';
import { createDatabase, dropDatabase, migrateLatest, withDatabase } from '../scripts/lib/db';

export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_TEMPLATE_DB) return; // the other project of this run made it already
  const name = `callplat_tpl_${process.pid}`;
  const url = loadConfig().databaseUrl;
  await dropDatabase(url, name);
  await createDatabase(url, name);
  await migrateLatest(withDatabase(url, name));
  // Test workers are started after this and inherit the environment.
  process.env.TEST_TEMPLATE_DB = name;
}
