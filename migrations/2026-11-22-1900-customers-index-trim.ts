import type { Knex } from 'knex';

// Fewer indexes on customers: every imported row paid for 12 of them (a 1,000,000-row import spent most
// of its time there). What goes, and why the list does not miss it:
// - customers_account_id_index (account_id): a prefix of customers_owner_id.
// - (account_id, stage|grade|source|score, id DESC) and (account_id, last_follow_up_at), and the NOT read
//   partial index: a merchant's list spans its subtree (account_id IN …), so none of them can give the
//   (key desc, id desc) order; the planner walks customers_pkey backwards and filters. These filters
//   match a large share of the rows (a few stages and grades, a few sources, "unread" after an import),
//   where that walk stops after a few hundred rows; score is a sort, never a filter.
// - (account_id, imported_at DESC, id DESC) and (account_id, created_at DESC, id DESC): for the same
//   reason they never give a subtree's list its order; what they did serve, the import and creation
//   date ranges, a BRIN index serves: both columns follow the insertion order (set to now() when the
//   row is written), so a narrow range reads only the block ranges written then, and a BRIN index costs
//   next to nothing per inserted row.
// - (account_id, phone_hash) becomes (phone_hash): a number probe (import dedupe, full-number search)
//   is one descent whatever the size of the subtree (account_id = ANY(subtree) as an index condition
//   meant one descent per account of the subtree), the account check is a filter on the few rows
//   with that number, and the index is smaller.
// Kept: customers_pkey (list order), customers_owner_id (owner filter, sea list, FK cascade), the
// small partial indexes (focus, sea).
// phone_hash (hex) compares in the "C" collation: byte order, no locale calls per comparison in the
// dedupe index and the import's sort by hash.
const DROPPED: Record<string, string> = {
  customers_account_id_index: '(account_id)',
  customers_owner_stage: '(account_id, stage, id DESC)',
  customers_owner_grade: '(account_id, grade, id DESC)',
  customers_owner_source: '(account_id, source, id DESC)',
  customers_owner_score: '(account_id, score DESC, id DESC)',
  customers_owner_follow_up: '(account_id, last_follow_up_at)',
  customers_owner_unread: '(account_id, id DESC) WHERE NOT read',
  customers_owner_imported: '(account_id, imported_at DESC, id DESC)',
  customers_owner_created: '(account_id, created_at DESC, id DESC)',
  customers_owner_phone: '(account_id, phone_hash)',
};

export async function up(knex: Knex): Promise<void> {
  for (const name of Object.keys(DROPPED)) await knex.raw(`DROP INDEX IF EXISTS ${name}`);
  await knex.raw('CREATE INDEX customers_imported_brin ON customers USING brin (imported_at)');
  await knex.raw('CREATE INDEX customers_created_brin ON customers USING brin (created_at)');
  await knex.raw('ALTER TABLE customers ALTER COLUMN phone_hash TYPE varchar(64) COLLATE "C"');
  await knex.raw('CREATE INDEX customers_phone ON customers (phone_hash)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS customers_phone');
  await knex.raw('DROP INDEX IF EXISTS customers_imported_brin');
  await knex.raw('DROP INDEX IF EXISTS customers_created_brin');
  await knex.raw('ALTER TABLE customers ALTER COLUMN phone_hash TYPE varchar(64) COLLATE "default"');
  for (const [name, def] of Object.entries(DROPPED)) {
    const [cols, where] = def.split(' WHERE ');
    await knex.raw(
      `CREATE INDEX IF NOT EXISTS ${name} ON customers ${cols}${where ? ` WHERE ${where}` : ''}`,
    );
  }
}
