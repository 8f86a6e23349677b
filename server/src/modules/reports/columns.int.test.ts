// The rollup counters' SQL (domain/reports/columns.ts) on single call rows in the real PostgreSQL: what
// one call adds to its rollup rows, the SPEC §9 bucket boundaries included.
import { createTestDb, type TestDb } from '../../../../test/db';
import { ROLLUP_COLUMNS } from '../../../../domain/reports/columns';

interface Call {
  result_level: number | null;
  answered: boolean;
  talk_ms: number;
  ring_ms: number;
  billable_ms: number;
  rounds: number;
  transfer_outcome: string | null;
}

const call = (over: Partial<Call>): Call => ({
  result_level: 21,
  answered: true,
  talk_ms: 30_000,
  ring_ms: 2_000,
  billable_ms: 30_000,
  rounds: 4,
  transfer_outcome: null,
  ...over,
});

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.drop());

async function countersOf(c: Call): Promise<Record<string, number>> {
  const { rows } = await db.knex.raw(
    `SELECT ${ROLLUP_COLUMNS.map((col) => `${col.sql} AS ${col.name}`).join(', ')}
     FROM (SELECT ?::int AS result_level, CASE WHEN ? THEN now() END AS answered_at, ?::bigint AS talk_ms,
                  ?::bigint AS ring_ms, ?::bigint AS billable_ms, ?::int AS rounds, ?::text AS transfer_outcome) c`,
    [c.result_level, c.answered, c.talk_ms, c.ring_ms, c.billable_ms, c.rounds, c.transfer_outcome],
  );
  return Object.fromEntries(
    Object.entries(rows[0] as Record<string, string>).map(([k, v]) => [k, Number(v)]),
  );
}

describe('rollup counters (SQL)', () => {
  it('count a connected call in its grade, buckets and transfer outcome', async () => {
    const v = await countersOf(call({ result_level: 22, transfer_outcome: 'accepted' }));
    expect(v).toMatchObject({
      dialled: 1,
      connected: 1,
      answered: 1,
      gb: 1,
      ga: 0,
      h_s10_59: 1,
      k_r3_4: 1,
      xfer: 1,
      xfer_accepted: 1,
      xfer_other: 0,
      lv90: 0,
      talk_ms: 30_000,
      ring_ms: 2_000,
      billable_ms: 30_000,
    });
  });

  it('count a not-connected call in its result only, a missing or strange result as 90', async () => {
    expect(await countersOf(call({ result_level: 67, answered: false, talk_ms: 0 }))).toMatchObject({
      dialled: 1,
      connected: 0,
      lv67: 1,
      h_lt10: 0,
      k_r3_4: 0,
    });
    expect(await countersOf(call({ result_level: null, answered: false }))).toMatchObject({
      lv90: 1,
      connected: 0,
    });
    expect(await countersOf(call({ result_level: 80, answered: false }))).toMatchObject({ lv90: 1 });
  });

  it('never count a blacklist refusal (71) as dialled', async () => {
    expect(await countersOf(call({ result_level: 71, answered: false, ring_ms: 500 }))).toMatchObject({
      dialled: 0,
      lv71: 1,
      ring_ms: 0,
    });
  });

  it('count an unknown transfer outcome as other', async () => {
    expect(await countersOf(call({ transfer_outcome: 'cancelled' }))).toMatchObject({
      xfer: 1,
      xfer_other: 1,
    });
  });

  it('put each SPEC §9 boundary in its bucket', async () => {
    const hangup = [0, 9_999, 10_000, 59_999, 60_000, 119_999, 120_000, 3_600_000];
    const buckets = [];
    for (const t of hangup) {
      const v = await countersOf(call({ talk_ms: t }));
      buckets.push(['lt10', 's10_59', 's60_119', 'ge120'].filter((b) => v[`h_${b}`] === 1));
    }
    expect(buckets).toEqual([
      ['lt10'],
      ['lt10'],
      ['s10_59'],
      ['s10_59'],
      ['s60_119'],
      ['s60_119'],
      ['ge120'],
      ['ge120'],
    ]);
    const rounds = [];
    for (const r of [0, 2, 3, 4, 5, 6, 7, 9, 10, 99]) {
      const v = await countersOf(call({ rounds: r }));
      rounds.push(['r0_2', 'r3_4', 'r5_6', 'r7_9', 'r10'].filter((b) => v[`k_${b}`] === 1));
    }
    expect(rounds).toEqual([
      ['r0_2'],
      ['r0_2'],
      ['r3_4'],
      ['r3_4'],
      ['r5_6'],
      ['r5_6'],
      ['r7_9'],
      ['r7_9'],
      ['r10'],
      ['r10'],
    ]);
  });
});
