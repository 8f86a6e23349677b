import type { Knex } from 'knex';
import { tenant } from './lib/columns';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sessions', (t) => {
    // sha256 of the Auth cookie secret; the secret itself is never stored.
    t.string('id', 64).primary();
    tenant(t);
    // sha256 of the header token bound to this session.
    t.string('header_hash', 64).notNullable();
    t.boolean('remember').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true }).nullable();
    t.string('revoke_reason', 32).nullable();
    t.string('ip', 64).nullable();
    t.string('user_agent', 300).nullable();
  });
  await knex.raw('CREATE INDEX sessions_live ON sessions (account_id) WHERE revoked_at IS NULL');

  await knex.schema.createTable('password_resets', (t) => {
    t.bigIncrements('id');
    tenant(t);
    t.string('token_hash', 64).notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('password_resets');
  await knex.schema.dropTable('sessions');
}
