// Seats and seat groups (issue 7, /dialcenter/seatsmanage): a seat is a person who takes transferred
// calls, reached on a SIP extension (registered by the web softphone or a desk phone) or on a mobile
// through a gateway call. Live state (online, do not disturb, busy, wrap-up) is kept in Redis, not
// here. seat_offers is written by the transfer flow, one row per offer of a call to a seat; the
// figures page (/dialcenter/seatsdialdata) aggregates it.
import type { Knex } from 'knex';
import { tenant, timestamps } from './lib/columns';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('seat_groups', (t) => {
    t.bigIncrements('id');
    tenant(t);
    t.string('name', 64).notNullable();
    t.string('description', 500).notNullable().defaultTo('');
    timestamps(knex, t);
    t.unique(['account_id', 'name']);
  });

  await knex.schema.createTable('seats', (t) => {
    t.bigIncrements('id');
    tenant(t);
    t.bigInteger('group_id').notNullable().references('id').inTable('seat_groups').onDelete('RESTRICT');
    t.string('name', 64).notNullable();
    t.string('type', 10).notNullable();
    // SIP user of an extension seat: digits, unique on the platform (one registrar namespace).
    t.string('extension', 20).nullable().unique();
    t.string('auth_name', 64).nullable();
    // encryptSecret (platform/secrets.ts); never returned to the browser.
    t.text('auth_password_enc').nullable();
    // Mobile seat: the number sealed (the transfer dials it) and its masked form for lists.
    t.text('mobile_enc').nullable();
    t.string('mobile_masked', 20).nullable();
    // The account that works the seat (in the owner's subtree); one seat per account.
    t.bigInteger('user_id').notNullable().unique().references('id').inTable('accounts').onDelete('CASCADE');
    t.boolean('enabled').notNullable().defaultTo(true);
    t.boolean('auto_answer').notNullable().defaultTo(false);
    timestamps(knex, t);
    t.unique(['account_id', 'name']);
    t.index(['group_id']);
  });
  await knex.raw(
    "ALTER TABLE seats ADD CONSTRAINT seats_type CHECK (type IN ('extension', 'mobile') AND " +
      "(type <> 'extension' OR (extension IS NOT NULL AND auth_name IS NOT NULL AND auth_password_enc IS NOT NULL)) AND " +
      "(type <> 'mobile' OR mobile_enc IS NOT NULL))",
  );

  await knex.schema.createTable('seat_offers', (t) => {
    t.bigIncrements('id');
    tenant(t);
    t.string('call_uuid', 64).notNullable();
    t.bigInteger('seat_id').notNullable().references('id').inTable('seats').onDelete('CASCADE');
    t.timestamp('offered_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('answered_at', { useTz: true }).nullable();
    t.timestamp('declined_at', { useTz: true }).nullable();
    t.timestamp('timed_out_at', { useTz: true }).nullable();
    t.timestamp('ended_at', { useTz: true }).nullable();
    t.bigInteger('talk_ms').notNullable().defaultTo(0);
    t.index(['seat_id', 'offered_at']);
    t.index(['account_id', 'offered_at']);
    t.index(['call_uuid']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('seat_offers');
  await knex.schema.dropTable('seats');
  await knex.schema.dropTable('seat_groups');
}
