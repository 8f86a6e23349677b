// A SIP line at fault (issue 20 point 6): its gateway is down or not loaded on the switches, or its
// codec is missing there. Set by the dialer when a call on it is refused or the originate answers
// GATEWAY_DOWN / INVALID_GATEWAY (server/src/dialer/callFaults.ts), cleared when a node's probe sees
// the line usable again or the line is edited. Shown on the lines page.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sip_lines', (t) => {
    t.string('fault_cause', 32).nullable();
    t.text('fault_text').nullable();
    t.timestamp('fault_at', { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sip_lines', (t) => {
    t.dropColumn('fault_cause');
    t.dropColumn('fault_text');
    t.dropColumn('fault_at');
  });
}
