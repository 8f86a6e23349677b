// Issue 24: what a self-registered account starts with, set by the super administrator — its AI seats,
// the days until it expires, and a trial balance credited (through the ledger) once its e-mail is
// verified, so a registrant can try the product. One row.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('registration_trial', (t) => {
    t.smallint('id').primary();
    t.integer('ai_seats').notNullable().defaultTo(2);
    t.integer('days').notNullable().defaultTo(30);
    t.bigInteger('balance_fen').notNullable().defaultTo(1000);
    t.bigInteger('updated_by').nullable().references('id').inTable('accounts').onDelete('SET NULL');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    `ALTER TABLE registration_trial ADD CONSTRAINT registration_trial_one CHECK (id = 1),
       ADD CONSTRAINT registration_trial_ranges CHECK (ai_seats BETWEEN 0 AND 1000
         AND days BETWEEN 1 AND 3650 AND balance_fen BETWEEN 0 AND 1000000000)`,
  );
  await knex('registration_trial').insert({ id: 1 });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('registration_trial');
}
