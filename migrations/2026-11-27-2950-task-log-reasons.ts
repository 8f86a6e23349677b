// A task's status log keeps its reason as a code with parameters (domain/reasons.ts), rendered in the
// reader's language like a call's reason (issue 23 item 6). `reason` stays the text (now the zh-CN
// rendering; exports, search); `reason_message` is the message: { code, params?, more? }. Rows written
// before have no message and show their stored text, except the fixed notes the platform wrote then,
// which are given their code here.
import type { Knex } from 'knex';

/** The fixed notes written before this migration and their codes. */
const FIXED: [string, string][] = [
  ['created', 'taskCreated'],
  ['start', 'taskUserStart'],
  ['pause', 'taskUserPause'],
  ['stop', 'taskUserStop'],
  ['bulk start', 'taskBulkStart'],
  ['bulk pause', 'taskBulkPause'],
  ['batch start', 'taskBatchStart'],
  ['batch pause', 'taskBatchPause'],
  ['batch stop', 'taskBatchStop'],
  ['first slot', 'taskFirstSlot'],
  ['call window opened', 'taskWindowOpened'],
  ['outside call hours', 'taskOutsideHours'],
  ['no numbers left', 'taskNoNumbersLeft'],
  ['balance is 0', 'taskBalanceZero'],
  ['recharged', 'taskRecharged'],
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('task_status_log', (t) => {
    t.jsonb('reason_message').nullable();
  });
  // One pass over the table.
  await knex.raw(
    `UPDATE task_status_log g SET reason_message = jsonb_build_object('code', v.code)
     FROM (VALUES ${FIXED.map(() => '(?::text, ?::text)').join(', ')}) AS v(text, code)
     WHERE g.reason = v.text AND g.reason_message IS NULL`,
    FIXED.flat(),
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('task_status_log', (t) => {
    t.dropColumn('reason_message');
  });
}
