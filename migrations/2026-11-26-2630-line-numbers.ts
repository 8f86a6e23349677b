// Inbound numbers belong to lines (issue 21, item 4). A SIP line lists the numbers (DIDs) its carrier
// delivers on it (sip_lines.dids; its caller number counts too); a reception scene may only take a
// number of the line it is on, and the media worker routes a call by the dialled number AND the line it
// arrived on. So one number may now have a scene on each line that carries it (unique per line, not on
// the whole platform): a number claimed on one tenant's line no longer blocks, or reveals, the same
// number on another's.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw("ALTER TABLE sip_lines ADD COLUMN dids text[] NOT NULL DEFAULT '{}'");
  // Existing scenes keep working: the numbers they answer become numbers of their lines.
  await knex.raw(`
    UPDATE sip_lines l SET dids = n.dids
      FROM (SELECT line_id, array_agg(DISTINCT did ORDER BY did) AS dids
              FROM scenes WHERE line_id IS NOT NULL GROUP BY line_id) n
     WHERE n.line_id = l.id`);
  await knex.schema.alterTable('scenes', (t) => {
    t.dropUnique(['did'], 'scenes_did_unique');
    t.unique(['line_id', 'did'], { indexName: 'scenes_line_did_unique' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('scenes', (t) => {
    t.dropUnique(['line_id', 'did'], 'scenes_line_did_unique');
    t.unique(['did'], { indexName: 'scenes_did_unique' });
  });
  await knex.raw('ALTER TABLE sip_lines DROP COLUMN dids');
}
