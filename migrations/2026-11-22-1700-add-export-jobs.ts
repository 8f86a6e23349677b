import type { Knex } from 'knex';
import { tenant } from './lib/columns';

// Customer exports (issue 3 item 9): one row per export the user asked for; the file is kept 7 days
// and listed in the user's download list (SPEC §2 personal "upload/download file list").
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('export_jobs', (t) => {
    t.bigIncrements('id');
    tenant(t); // whose export it is (the caller); only the owner downloads it
    t.bigInteger('created_by').notNullable().references('id').inTable('accounts');
    t.string('kind', 16).notNullable().defaultTo('customers');
    t.string('format', 8).notNullable(); // xlsx | csv
    t.string('lang', 8).notNullable().defaultTo('zh-CN'); // header row and stage labels
    // { filter?: customers list filter, customerIds?: number[] }
    t.jsonb('filter').notNullable().defaultTo('{}');
    t.string('status', 16).notNullable().defaultTo('queued'); // queued running done failed
    t.integer('rows').notNullable().defaultTo(0);
    t.text('file_path').nullable();
    t.string('file_name', 255).nullable();
    t.text('error').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true }).nullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
  });
  // The download list: the caller's exports, newest first.
  await knex.raw('CREATE INDEX export_jobs_owner_id ON export_jobs (account_id, id DESC)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('export_jobs');
}
