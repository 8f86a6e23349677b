// Notices in the viewer's language: a notice the platform makes carries message keys and params
// (domain/notices.ts) that the browser translates; title and content stay for notices a person
// writes, shown as typed, and as the fallback when there is no key.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notices', (t) => {
    t.text('title_key').nullable();
    t.text('body_key').nullable();
    t.jsonb('params').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notices', (t) => {
    t.dropColumn('params');
    t.dropColumn('body_key');
    t.dropColumn('title_key');
  });
}
