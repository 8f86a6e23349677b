// Kept though its reader was withdrawn (the orphan sweep of issue 21 is not in yet): databases that
// ran it must not find it missing.
// The last moment a call was known alive (calls.alive_at): refreshed by the heartbeat of the media
// worker driving it. A worker that dies leaves its calls with this moment: the sweep of a living
// worker (media/src/calls/orphans.ts) bills an orphaned call's talk up to it, not up to when the
// loss was noticed.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('calls', (t) => {
    t.timestamp('alive_at', { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('calls', (t) => {
    t.dropColumn('alive_at');
  });
}
