// Report rollups (issue 25): what the statistics pages read instead of the call records.
//   report_hourly / report_daily: one row per UTC hour / local day (the call account's dialing zone,
//     by the call's end) and account, task, line and bot (0 = none), with the counters of
//     domain/reports/columns.ts. Test calls are not in them.
//   report_spend_daily: what each payer's ledger was charged for calls, per local day of the charge and
//     the call's account, task and line, so the expense report equals the ledger.
//   report_line_causes: not-connected calls per line, SIP status and hangup cause.
//   report_settings: the platform's statistics threshold (a line under it is flagged).
// Filled by the settlement (server/src/modules/reports/rollup.ts, in the settlement's transaction:
// settled_at is the per-call marker, so a call is counted exactly once) and by `npm run
// reports:rebuild` from the call records and the ledger. The keys start with the account so a subtree
// over a date range is an index range per account.
import type { Knex } from 'knex';

// The counters as they were when this was written (domain/reports/columns.ts ROLLUP_COLUMNS; a unit
// test keeps the two equal — a new counter needs a new migration).
export const COUNTERS = [
  'dialled',
  'connected',
  'answered',
  'lv62',
  'lv63',
  'lv64',
  'lv65',
  'lv66',
  'lv67',
  'lv68',
  'lv69',
  'lv70',
  'lv71',
  'lv79',
  'lv90',
  'ga',
  'gb',
  'gc',
  'gd',
  'ge',
  'gf',
  'h_lt10',
  'h_s10_59',
  'h_s60_119',
  'h_ge120',
  'k_r0_2',
  'k_r3_4',
  'k_r5_6',
  'k_r7_9',
  'k_r10',
  'xfer',
  'xfer_accepted',
  'xfer_noseat',
  'xfer_timeout',
  'xfer_other',
  'ring_ms',
  'talk_ms',
  'billable_ms',
];

const counters = (t: Knex.CreateTableBuilder) => {
  for (const c of COUNTERS) {
    if (c.endsWith('_ms')) t.bigInteger(c).notNullable().defaultTo(0);
    else t.integer(c).notNullable().defaultTo(0);
  }
};

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('report_hourly', (t) => {
    t.bigInteger('account_id').notNullable();
    t.timestamp('hour', { useTz: true }).notNullable();
    t.bigInteger('task_id').notNullable().defaultTo(0);
    t.bigInteger('line_id').notNullable().defaultTo(0);
    t.bigInteger('bot_id').notNullable().defaultTo(0);
    counters(t);
    t.primary(['account_id', 'hour', 'task_id', 'line_id', 'bot_id']);
  });
  await knex.schema.createTable('report_daily', (t) => {
    t.bigInteger('account_id').notNullable();
    t.date('day').notNullable();
    t.bigInteger('task_id').notNullable().defaultTo(0);
    t.bigInteger('line_id').notNullable().defaultTo(0);
    t.bigInteger('bot_id').notNullable().defaultTo(0);
    counters(t);
    t.primary(['account_id', 'day', 'task_id', 'line_id', 'bot_id']);
  });
  await knex.schema.createTable('report_spend_daily', (t) => {
    t.bigInteger('payer_id').notNullable();
    t.date('day').notNullable();
    t.bigInteger('account_id').notNullable();
    t.bigInteger('task_id').notNullable().defaultTo(0);
    t.bigInteger('line_id').notNullable().defaultTo(0);
    t.bigInteger('fen').notNullable().defaultTo(0);
    t.bigInteger('billable_ms').notNullable().defaultTo(0);
    t.integer('calls').notNullable().defaultTo(0);
    t.integer('connected').notNullable().defaultTo(0);
    t.integer('leads').notNullable().defaultTo(0);
    t.primary(['payer_id', 'day', 'account_id', 'task_id', 'line_id']);
    // The rebuild clears one call account's rows.
    t.index(['account_id', 'day'], 'report_spend_daily_account_day');
  });
  await knex.schema.createTable('report_line_causes', (t) => {
    t.bigInteger('account_id').notNullable();
    t.date('day').notNullable();
    t.bigInteger('line_id').notNullable().defaultTo(0);
    t.smallint('sip_status').notNullable().defaultTo(0);
    t.string('cause', 40).notNullable().defaultTo('');
    t.integer('n').notNullable().defaultTo(0);
    t.primary(['account_id', 'day', 'line_id', 'sip_status', 'cause']);
  });
  await knex.schema.createTable('report_settings', (t) => {
    t.smallint('id').primary();
    // A line whose connected rate (per cent) falls below this is flagged on the line statistics.
    t.smallint('line_connected_pct').notNullable().defaultTo(10);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('ALTER TABLE report_settings ADD CONSTRAINT report_settings_one CHECK (id = 1)');
  await knex.raw(
    'ALTER TABLE report_settings ADD CONSTRAINT report_settings_pct CHECK (line_connected_pct BETWEEN 0 AND 100)',
  );
  await knex('report_settings').insert({ id: 1 });
}

export async function down(knex: Knex): Promise<void> {
  for (const t of [
    'report_settings',
    'report_line_causes',
    'report_spend_daily',
    'report_daily',
    'report_hourly',
  ])
    await knex.schema.dropTableIfExists(t);
}
