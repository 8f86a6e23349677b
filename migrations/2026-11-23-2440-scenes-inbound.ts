// Reception scenes and inbound calls (issue 7, /dialcenter/callin): a scene maps an inbound number
// (DID, unique on the platform: one number routes to one scene) on a SIP line to a bot or a seat
// group. calls.direction ('out'/'in', default 'out') exists since 2026-11-22-2100-calls; inbound
// records add the scene they came through, and a call a seat group answers has no bot (bot_id and
// bot_version become nullable). References that go away leave the scene without its target (SET NULL):
// the worker then turns the number's calls away instead of the delete failing.
import type { Knex } from 'knex';
import { tenant, timestamps } from './lib/columns';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('scenes', (t) => {
    t.bigIncrements('id');
    tenant(t);
    t.string('name', 64).notNullable();
    t.string('did', 20).notNullable().unique();
    t.bigInteger('line_id').nullable().references('id').inTable('sip_lines').onDelete('SET NULL');
    t.string('target', 10).notNullable();
    t.bigInteger('bot_id').nullable().references('id').inTable('bots').onDelete('SET NULL');
    t.bigInteger('seat_group_id').nullable().references('id').inTable('seat_groups').onDelete('SET NULL');
    t.boolean('enabled').notNullable().defaultTo(true);
    timestamps(knex, t);
    t.unique(['account_id', 'name']);
  });
  await knex.raw(
    "ALTER TABLE scenes ADD CONSTRAINT scenes_target_check CHECK (target IN ('bot', 'seatGroup'))",
  );
  await knex.schema.alterTable('calls', (t) => {
    t.bigInteger('scene_id').nullable().references('id').inTable('scenes').onDelete('SET NULL');
  });
  await knex.raw(
    'ALTER TABLE calls ALTER COLUMN bot_id DROP NOT NULL, ALTER COLUMN bot_version DROP NOT NULL',
  );
  // The callin page lists inbound records of an account newest first.
  await knex.raw(
    "CREATE INDEX calls_inbound_account_created ON calls (account_id, created_at DESC) WHERE direction = 'in'",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS calls_inbound_account_created');
  await knex.raw('UPDATE calls SET bot_id = 0 WHERE bot_id IS NULL');
  await knex.raw('UPDATE calls SET bot_version = 0 WHERE bot_version IS NULL');
  await knex.raw('ALTER TABLE calls ALTER COLUMN bot_id SET NOT NULL, ALTER COLUMN bot_version SET NOT NULL');
  await knex.schema.alterTable('calls', (t) => t.dropColumn('scene_id'));
  await knex.schema.dropTable('scenes');
}
