import { loadConfig } from '../config';
import { dropDatabase } from '../scripts/lib/db';

export default async function globalTeardown(): Promise<void> {
  const name = process.env.TEST_TEMPLATE_DB;
  if (!name) return;
  delete process.env.TEST_TEMPLATE_DB;
  await dropDatabase(loadConfig().databaseUrl, name);
}
