// Imports a user can trust: a re-imported number updates its customer (counted apart from the new
// ones), and the report is written in the importer's language.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('import_jobs', (t) => {
    t.integer('updated').notNullable().defaultTo(0);
    t.string('lang', 8).notNullable().defaultTo('zh-CN');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('import_jobs', (t) => {
    t.dropColumn('updated');
    t.dropColumn('lang');
  });
}
