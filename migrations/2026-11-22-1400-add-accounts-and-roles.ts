import type { Knex } from 'knex';
import { timestamps } from './lib/columns';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('accounts', (t) => {
    t.bigIncrements('id');
    t.bigInteger('parent_id').nullable().references('id').inTable('accounts');
    // Materialized path of ids, e.g. '/1/5/9/': the subtree of X is path LIKE X.path || '%'.
    t.text('path').notNullable().defaultTo('');
    t.smallint('level').notNullable();
    t.string('account', 32).notNullable().unique();
    t.string('email', 254).nullable();
    t.string('real_name', 64).notNullable().defaultTo('');
    t.string('phone', 20).nullable();
    t.string('position', 64).nullable();
    t.string('remark', 500).nullable();
    t.text('head_img_url').notNullable().defaultTo('');
    t.bigInteger('role_id').nullable();
    t.text('password_hash').notNullable();
    t.text('export_password_hash').nullable();
    t.integer('ai_seats').notNullable().defaultTo(0);
    t.integer('total_authorization').notNullable().defaultTo(0);
    t.integer('dial_interval_seconds').notNullable().defaultTo(0);
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.boolean('disabled').notNullable().defaultTo(false);
    t.bigInteger('balance_fen').notNullable().defaultTo(0);
    timestamps(knex, t);
    t.check('?? in (0, 1, 2)', ['level'], 'accounts_level_check');
    t.check('?? >= 0', ['balance_fen'], 'accounts_balance_nonnegative');
  });
  await knex.raw(
    'CREATE UNIQUE INDEX accounts_email_lower ON accounts (lower(email)) WHERE email IS NOT NULL',
  );
  await knex.raw('CREATE INDEX accounts_path ON accounts (path text_pattern_ops)');
  await knex.raw('CREATE INDEX accounts_parent ON accounts (parent_id)');

  await knex.schema.createTable('roles', (t) => {
    t.bigIncrements('id');
    // The account that made the role; it may hand the role to its subtree.
    t.bigInteger('owner_id').notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('name', 64).notNullable();
    t.string('description', 500).notNullable().defaultTo('');
    // The role self-registered accounts get (one, owned by the super administrator).
    t.boolean('registration_default').notNullable().defaultTo(false);
    timestamps(knex, t);
    t.unique(['owner_id', 'name']);
  });
  await knex.schema.createTable('role_menus', (t) => {
    t.bigInteger('role_id').notNullable().references('id').inTable('roles').onDelete('CASCADE');
    t.string('menu_key', 64).notNullable();
    t.primary(['role_id', 'menu_key']);
  });
  await knex.schema.alterTable('accounts', (t) => {
    t.foreign('role_id').references('id').inTable('roles').onDelete('SET NULL');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('accounts', (t) => t.dropForeign(['role_id']));
  await knex.schema.dropTable('role_menus');
  await knex.schema.dropTable('roles');
  await knex.schema.dropTable('accounts');
}
