// Settled calls waiting to be added to the report rollups (issue 25: the settlement's share of the
// rollups is one narrow insert; server/src/modules/reports/fold.ts adds the calls in batches within
// a second and deletes their rows in the same transaction). Logged like every table: a call settled
// before a crash is still folded after it.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('report_pending', (t) => {
    t.bigInteger('call_id').primary();
    t.bigInteger('account_id').notNullable();
    // The call's end (its created_at when it has none), as the rollups date it.
    t.timestamp('ended_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('report_pending');
}
