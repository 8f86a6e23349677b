// Create, clone, migrate and drop databases on the configured PostgreSQL server.
// Used by the start command, the test set-up and the benchmarks.
import knexFactory, { type Knex } from 'knex';
import path from 'node:path';

import { databaseName, withDatabase } from '../../platform/dbUrl';

export { databaseName, withDatabase } from '../../platform/dbUrl';

const ident = (name: string): string => {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`bad database name: ${name}`);
  return `"${name}"`;
};

async function withAdmin<T>(url: string, fn: (k: Knex) => Promise<T>): Promise<T> {
  const admin = knexFactory({
    client: 'pg',
    connection: withDatabase(url, 'postgres'),
    pool: { min: 0, max: 1 },
  });
  try {
    return await fn(admin);
  } finally {
    await admin.destroy();
  }
}

export async function databaseExists(url: string, name: string): Promise<boolean> {
  return withAdmin(url, async (k) => {
    const r = await k.raw('SELECT 1 FROM pg_database WHERE datname = ?', [name]);
    return r.rows.length > 0;
  });
}

export async function createDatabase(url: string, name: string, template?: string): Promise<void> {
  await withAdmin(url, async (k) => {
    await k.raw(`CREATE DATABASE ${ident(name)}${template ? ` TEMPLATE ${ident(template)}` : ''}`);
  });
}

/** Per-database defaults of settings (ALTER DATABASE … SET), for sessions opened after this. */
export async function setDatabaseOptions(
  url: string,
  name: string,
  options: Record<string, string>,
): Promise<void> {
  await withAdmin(url, async (k) => {
    for (const [key, value] of Object.entries(options))
      // A utility statement takes no bind parameters: the value is quoted here (keys are our own).
      await k.raw(`ALTER DATABASE ${ident(name)} SET ${key} = '${value.replace(/'/g, "''")}'`);
  });
}

export async function ensureDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  if (!(await databaseExists(url, name))) await createDatabase(url, name);
}

export async function dropDatabase(url: string, name: string): Promise<void> {
  await withAdmin(url, async (k) => {
    await k.raw(`DROP DATABASE IF EXISTS ${ident(name)} WITH (FORCE)`);
  });
}

const root = path.resolve(__dirname, '..', '..');
export const migrationConfig: Knex.MigratorConfig = {
  directory: path.join(root, 'migrations'),
  loadExtensions: ['.ts'],
};
export const seedConfig: Knex.SeederConfig = { directory: path.join(root, 'seeds'), loadExtensions: ['.ts'] };

export async function migrateLatest(url: string): Promise<void> {
  const k = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 2 } });
  try {
    await k.migrate.latest(migrationConfig);
  } finally {
    await k.destroy();
  }
}

/** Migrates and runs the seeds (demo data; they skip themselves when already present). */
export async function migrateAndSeed(url: string): Promise<void> {
  await migrateLatest(url);
  const k = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 2 } });
  try {
    await k.seed.run(seedConfig);
  } finally {
    await k.destroy();
  }
}

/** A fresh, migrated database cloned from a migrated template (fast: no migrations per clone). */
export async function cloneDatabase(url: string, template: string, prefix: string): Promise<string> {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await createDatabase(url, name, template);
  return name;
}
