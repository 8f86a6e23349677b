// How long a seat-group scene rings its seats before the caller is told nobody answered (SPEC §9's
// manual-transfer wait: 0 = for ever, else a multiple of 5 s up to 10 minutes). Bot scenes ignore it.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('scenes', (t) => {
    t.integer('wait_seconds').notNullable().defaultTo(30);
  });
  await knex.raw(
    'ALTER TABLE scenes ADD CONSTRAINT scenes_wait_check CHECK (wait_seconds BETWEEN 0 AND 600 AND wait_seconds % 5 = 0)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('scenes', (t) => {
    t.dropColumn('wait_seconds');
  });
}
