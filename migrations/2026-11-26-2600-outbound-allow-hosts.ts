// The outbound-request guard's allow-list (issue 21): hosts the super administrator lets server-side
// requests reach even though they resolve to loopback, private or reserved addresses (an on-premise
// model, a local push receiver). Platform-wide, one row per host as domain/netAddress
// normaliseAllowHost writes it.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('outbound_allow_hosts', (t) => {
    t.text('host').primary();
    t.bigInteger('created_by').nullable().references('id').inTable('accounts').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('outbound_allow_hosts');
}
