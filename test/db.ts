// Each test file gets its own database, cloned from the migrated template, dropped at the end.
import knexFactory, { type Knex } from 'knex';
import { loadConfig } from '../config';
import { cloneDatabase, dropDatabase, withDatabase } from '../scripts/lib/db';

function templateDb(): string {
  const name = process.env.TEST_TEMPLATE_DB;
  if (!name) throw new Error('TEST_TEMPLATE_DB is not set: run tests through jest (test/globalSetup.ts)');
  return name;
}

export interface TestDb {
  url: string;
  name: string;
  knex: Knex;
  drop(): Promise<void>;
}

export async function createTestDb(): Promise<TestDb> {
  const base = loadConfig().databaseUrl;
  const name = await cloneDatabase(base, templateDb(), 'callplat_t');
  const url = withDatabase(base, name);
  const knex = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 5 } });
  return {
    url,
    name,
    knex,
    async drop() {
      await knex.destroy();
      await dropDatabase(base, name);
    },
  };
}
