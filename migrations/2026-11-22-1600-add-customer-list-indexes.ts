import type { Knex } from 'knex';

// Indexes for the remaining sorts and filters of the my-customers list (keyset paging inside an owner),
// the reminder tick and the sea.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX customers_owner_created ON customers (account_id, created_at DESC, id DESC)');
  await knex.raw('CREATE INDEX customers_owner_score ON customers (account_id, score DESC, id DESC)');
  await knex.raw('CREATE INDEX customers_owner_follow_up ON customers (account_id, last_follow_up_at)');
  await knex.raw('CREATE INDEX customers_owner_focus ON customers (account_id, id DESC) WHERE focus');
  await knex.raw('CREATE INDEX customers_owner_unread ON customers (account_id, id DESC) WHERE NOT read');
  await knex.raw('CREATE INDEX customers_owner_source ON customers (account_id, source, id DESC)');
  // The reminder tick and the sea's auto-release check.
  await knex.raw(
    'CREATE INDEX follow_ups_due ON follow_ups (remind_at) WHERE record_type = 0 AND handled_at IS NULL AND notified_at IS NULL',
  );
  await knex.raw('CREATE INDEX sea_claims_customer ON sea_claims (customer_id, claimed_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS follow_ups_due');
  await knex.raw('DROP INDEX IF EXISTS sea_claims_customer');
  for (const i of ['created', 'score', 'follow_up', 'focus', 'unread', 'source'])
    await knex.raw(`DROP INDEX IF EXISTS customers_owner_${i}`);
}
