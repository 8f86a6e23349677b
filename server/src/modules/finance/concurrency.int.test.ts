// Money under concurrency (issue 21 item 8): recharges by a merchant to its operator, eight settlers
// (each with a pool of its own, like eight processes) billing the operator's calls at both levels, and
// 100 softphone CDRs of the merchant posted at once, all together against a real PostgreSQL. Every
// request succeeds (no "deadlock detected"), every balance equals the chain of its ledger rows, and
// /api/health answers 200 throughout (the CDR posts do not take the server's ten connections). The same
// race on thin balances (issue 24): recharges refused or calls charged short, never below zero. Also:
// a real deadlock is retried and both sides commit; retries are bounded and logged.
import { randomUUID } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { chargeFen } from '../../../../domain/dialer/billing';
import type { RechargeReply } from '../../../../domain/finance';
import type { SeatDto, SeatGroupDto } from '../../../../domain/seats';
import { softphoneLegCdr } from '../../../../media/src/sim/sipws/cdr';
import { startTree, type Tree } from '../../../../test/fixtures';
import { settleEnded } from '../../dialer/settle';
import { retryingTransaction } from '../../db/retry';
import type { Deps } from '../../deps';
import { log } from '../../../../platform/log';

jest.setTimeout(120_000);

let t: Tree;
let k: Knex;
const RATE_OP = 30; // fen per minute, 6 s blocks
const RATE_M1 = 12;
const CALLS = 240;
const CALL_MS = 61_000;
const RECHARGES = 200;
const CDRS = 100;
const CDR_TALK_S = 42;

beforeAll(async () => {
  t = await startTree();
  k = t.p.db.knex;
  const group = (await t.m1.post<SeatGroupDto>('/api/seats/groups', { name: '并发组' })).body.data!;
  const seat = await t.m1.post<SeatDto>('/api/seats', {
    name: '并发坐席',
    type: 'extension',
    extension: '8401',
    authName: 'seat8401',
    authPassword: 'Desk-Pass-85',
    groupId: group.id,
    userId: t.ids.op1,
    enabled: true,
    autoAnswer: false,
  });
  expect(seat.body.code).toBe(200);
  await k('billing_rates').whereIn('account_id', [t.ids.m1, t.ids.op1]).delete();
  await k('billing_rates').insert([
    { account_id: t.ids.op1, rate_per_min_fen: RATE_OP, accuracy_s: 6 },
    { account_id: t.ids.m1, rate_per_min_fen: RATE_M1, accuracy_s: 6 },
  ]);
  await k('accounts').whereIn('id', [t.ids.m1, t.ids.op1]).update({ balance_fen: 10_000_000 });
  const bot = await k('bots').where({ account_id: t.ids.m1 }).first('id');
  const rows = Array.from({ length: CALLS }, (_, i) => ({
    call_uuid: randomUUID(),
    account_id: t.ids.op1,
    bot_id: bot.id,
    bot_version: 1,
    phone_masked: '138****0000',
    phone_hash: `concurrency-${i}`,
    status: 'ended',
    test: true,
    talk_ms: CALL_MS,
    billable_ms: CALL_MS,
    ended_at: new Date(),
  }));
  await k('calls').insert(rows);
});
afterAll(() => t.p.close());

const auth = () =>
  `Basic ${Buffer.from(`${t.p.config.fsXmlCurlUser}:${t.p.config.fsXmlCurlPassword}`).toString('base64')}`;

const postCdr = (talkS: number) => {
  const start = Date.now() - 120_000;
  const cdr = softphoneLegCdr({
    uuid: randomUUID(),
    extension: '8401',
    destination: '13800138000',
    record: null,
    startedAt: start,
    answeredAt: start + 5000,
    endedAt: start + 5000 + talkS * 1000,
    hangupCause: 'NORMAL_CLEARING',
  });
  return fetch(`${t.p.url}/fsapi/cdr`, {
    method: 'POST',
    headers: { authorization: auth(), 'content-type': 'application/json' },
    body: JSON.stringify(cdr),
  }).then(async (r) => ({ status: r.status, text: await r.text() }));
};

/** One settler process: its own small pool, settling until no ended call is left. */
async function settler(): Promise<number> {
  const db = knexFactory({ client: 'pg', connection: t.p.db.url, pool: { min: 0, max: 2 } });
  const deps = { ...t.p.server.deps, db } as Deps;
  let n = 0;
  try {
    for (;;) {
      const done = await settleEnded(deps, 10);
      n += done.length;
      const left = await db('calls').where('status', 'ended').whereNull('settled_at').count({ n: '*' });
      if (Number(left[0]!.n) === 0) return n;
      if (!done.length) await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    await db.destroy();
  }
}

/** Each account's ledger rows (from `afterId`) chain without a gap and end at its balance. */
async function expectLedgersBalance(afterId: number, ids: number[]) {
  for (const id of ids) {
    const rows = await k('ledger_entries').where('account_id', id).where('id', '>', afterId).orderBy('id');
    for (let i = 1; i < rows.length; i++)
      expect(Number(rows[i].balance_before_fen)).toBe(Number(rows[i - 1].balance_after_fen));
    for (const r of rows)
      expect(Number(r.balance_after_fen) - Number(r.balance_before_fen)).toBe(Number(r.delta_fen));
    const bal = Number((await k('accounts').where({ id }).first('balance_fen')).balance_fen);
    if (rows.length) expect(Number(rows[rows.length - 1].balance_after_fen)).toBe(bal);
  }
}

it('recharges, 8 settlers and 100 CDR posts at once: zero failures, balances equal ledgers, health up', async () => {
  const startLedger = Number((await k('ledger_entries').max({ m: 'id' }).first())!.m ?? 0);
  const before = {
    m1: Number((await k('accounts').where({ id: t.ids.m1 }).first('balance_fen')).balance_fen),
    op1: Number((await k('accounts').where({ id: t.ids.op1 }).first('balance_fen')).balance_fen),
  };

  let running = true;
  const health: number[] = [];
  const probe = (async () => {
    while (running) {
      const r = await fetch(`${t.p.url}/api/health`);
      health.push(r.status);
      await r.arrayBuffer();
      await new Promise((res) => setTimeout(res, 100));
    }
  })();

  const settlers = Promise.all(Array.from({ length: 8 }, () => settler()));
  const recharges = Promise.all(
    Array.from({ length: RECHARGES }, (_, i) =>
      t.m1.post<RechargeReply>('/api/finance/recharges', {
        accountId: t.ids.op1,
        amount: '1',
        confirm: true,
        requestId: `concurrency-${i}`,
      }),
    ),
  );
  // The CDR flood lands while settlements and recharges are running.
  await new Promise((r) => setTimeout(r, 50));
  const cdrs = await Promise.all(Array.from({ length: CDRS }, () => postCdr(CDR_TALK_S)));
  const [settled, replies] = await Promise.all([settlers, recharges]);
  running = false;
  await probe;

  expect(cdrs.filter((c) => c.status !== 200)).toEqual([]);
  expect(cdrs.every((c) => JSON.parse(c.text).data.kind === 'charged')).toBe(true);
  expect(replies.filter((r) => r.body.code !== 200).map((r) => r.body)).toEqual([]);
  expect(replies.every((r) => r.body.data!.applied)).toBe(true);
  expect(settled.reduce((a, b) => a + b, 0)).toBe(CALLS);
  expect(health.length).toBeGreaterThan(0);
  expect(health.filter((s) => s !== 200)).toEqual([]);

  // Exact money: the recharges move 100 fen each from merchant to operator; each call costs the
  // operator and the merchant at their own rates; each CDR costs the merchant (the seat's account).
  const opCall = chargeFen(CALL_MS, RATE_OP, 6);
  const m1Call = chargeFen(CALL_MS, RATE_M1, 6);
  const cdrFen = chargeFen(CDR_TALK_S * 1000, RATE_M1, 6);
  const after = {
    m1: Number((await k('accounts').where({ id: t.ids.m1 }).first('balance_fen')).balance_fen),
    op1: Number((await k('accounts').where({ id: t.ids.op1 }).first('balance_fen')).balance_fen),
  };
  expect(after.op1).toBe(before.op1 + RECHARGES * 100 - CALLS * opCall);
  expect(after.m1).toBe(before.m1 - RECHARGES * 100 - CALLS * m1Call - CDRS * cdrFen);
  expect(await k('calls').where('status', 'ended').whereNull('settled_at').count({ n: '*' })).toEqual([
    { n: '0' },
  ]);
  await expectLedgersBalance(startLedger, [t.ids.m1, t.ids.op1]);
});

describe('retryingTransaction', () => {
  let db: Knex;
  beforeAll(() => {
    db = knexFactory({ client: 'pg', connection: t.p.db.url, pool: { min: 0, max: 4 } });
  });
  afterAll(() => db.destroy());

  it('a real deadlock: PostgreSQL aborts one side, it runs again, both commit', async () => {
    const warn = jest.spyOn(log, 'warn').mockImplementation(() => undefined);
    let held = 0;
    let bothHeld!: () => void;
    const barrier = new Promise<void>((r) => (bothHeld = r));
    let runs = 0;
    // Opposite orders on purpose (what the lock order forbids), to make PostgreSQL pick a victim.
    const crossing = (first: number, second: number, tag: string) =>
      retryingTransaction(db, `deadlock test ${tag}`, async (trx) => {
        runs++;
        await trx('accounts').where({ id: first }).forNoKeyUpdate().first('id');
        if (++held === 2) bothHeld();
        await barrier;
        await trx('accounts').where({ id: second }).forNoKeyUpdate().first('id');
        await trx('accounts')
          .where({ id: second })
          .update({ remark: trx.raw('remark') });
        return tag;
      });
    try {
      expect(
        await Promise.all([crossing(t.ids.m1, t.ids.op1, 'a'), crossing(t.ids.op1, t.ids.m1, 'b')]),
      ).toEqual(['a', 'b']);
      expect(runs).toBe(3);
      expect(warn).toHaveBeenCalledWith(
        'transaction aborted; retrying',
        expect.objectContaining({ code: '40P01', attempt: 1 }),
      );
    } finally {
      warn.mockRestore();
    }
  });

  it('gives up after its attempts with an error log, and never retries other errors', async () => {
    const error = jest.spyOn(log, 'error').mockImplementation(() => undefined);
    try {
      let runs = 0;
      const serialisation = Object.assign(new Error('could not serialize access'), { code: '40001' });
      await expect(
        retryingTransaction(
          db,
          'always conflicting',
          async () => {
            runs++;
            throw serialisation;
          },
          { attempts: 3, baseMs: 1 },
        ),
      ).rejects.toBe(serialisation);
      expect(runs).toBe(3);
      expect(error).toHaveBeenCalledWith(
        'transaction aborted; retries exhausted',
        expect.objectContaining({ what: 'always conflicting', attempts: 3, code: '40001' }),
      );
      runs = 0;
      await expect(
        retryingTransaction(db, 'unique', async (trx) => {
          runs++;
          await trx.raw('select 1/0');
        }),
      ).rejects.toMatchObject({ code: '22012' });
      expect(runs).toBe(1);
    } finally {
      error.mockRestore();
    }
  });
});

it('100 CDR posts of one merchant at once: all charged once, the pool never exhausted, health up', async () => {
  const m1Before = Number((await k('accounts').where({ id: t.ids.m1 }).first('balance_fen')).balance_fen);
  const pool = t.p.server.deps.db.client.pool as { numUsed(): number; numPendingAcquires(): number };
  let running = true;
  let maxUsed = 0;
  const sampler = (async () => {
    while (running) {
      maxUsed = Math.max(maxUsed, pool.numUsed());
      await new Promise((r) => setTimeout(r, 2));
    }
  })();
  const health: number[] = [];
  const probe = (async () => {
    while (running) {
      const r = await fetch(`${t.p.url}/api/health`);
      health.push(r.status);
      await r.arrayBuffer();
      await new Promise((res) => setTimeout(res, 50));
    }
  })();
  const cdrs = await Promise.all(Array.from({ length: CDRS }, () => postCdr(7)));
  running = false;
  await Promise.all([sampler, probe]);
  expect(cdrs.filter((c) => c.status !== 200)).toEqual([]);
  expect(cdrs.every((c) => JSON.parse(c.text).data.kind === 'charged')).toBe(true);
  expect(health.filter((s) => s !== 200)).toEqual([]);
  // Two CDR transactions at a time (db/gate.ts), plus whatever else the server runs meanwhile (the
  // pool has 10; before the gate all 10 were taken and health answered 503).
  expect(maxUsed).toBeLessThanOrEqual(6);
  const m1After = Number((await k('accounts').where({ id: t.ids.m1 }).first('balance_fen')).balance_fen);
  expect(m1After).toBe(m1Before - CDRS * chargeFen(7000, RATE_M1, 6));
});

it('recharges and settlements racing on thin balances: refused or short, never below zero, ledgers equal', async () => {
  // Last in the file: it leaves both balances near zero. merchant01 can pay at most 30 of the 60
  // recharges; operator01's 120 calls cost more than it can ever receive, so both balances are driven
  // to zero while the settlers and the recharges run together.
  const CALLS_THIN = 120;
  const RECHARGES_THIN = 60;
  const startLedger = Number((await k('ledger_entries').max({ m: 'id' }).first())!.m ?? 0);
  await k('accounts').where({ id: t.ids.m1 }).update({ balance_fen: 3000 });
  await k('accounts').where({ id: t.ids.op1 }).update({ balance_fen: 0 });
  const bot = await k('bots').where({ account_id: t.ids.m1 }).first('id');
  await k('calls').insert(
    Array.from({ length: CALLS_THIN }, (_, i) => ({
      call_uuid: randomUUID(),
      account_id: t.ids.op1,
      bot_id: bot.id,
      bot_version: 1,
      phone_masked: '138****0000',
      phone_hash: `thin-${i}`,
      status: 'ended',
      test: true,
      talk_ms: CALL_MS,
      billable_ms: CALL_MS,
      ended_at: new Date(),
    })),
  );

  const settlers = Promise.all(Array.from({ length: 8 }, () => settler()));
  const replies = await Promise.all(
    Array.from({ length: RECHARGES_THIN }, (_, i) =>
      t.m1.post<RechargeReply>('/api/finance/recharges', {
        accountId: t.ids.op1,
        amount: '1',
        confirm: true,
        requestId: `thin-race-${i}`,
      }),
    ),
  );
  expect((await settlers).reduce((a, b) => a + b, 0)).toBe(CALLS_THIN);

  // Each recharge either landed or was refused for the merchant's balance (409 in the envelope).
  const refused = replies.filter((r) => r.status !== 200);
  expect(refused.map((r) => [r.status, r.body.code])).toEqual(refused.map(() => [409, 409]));
  expect(refused.every((r) => r.body.message!.startsWith('余额不足'))).toBe(true);
  const applied = replies.length - refused.length;
  expect(applied).toBeLessThanOrEqual(30);
  expect(refused.length).toBeGreaterThan(0);

  // Never below zero: not a balance, not a ledger row; each balance is the end of its ledger chain.
  const rows = await k('ledger_entries').where('id', '>', startLedger).select('*');
  expect(rows.filter((r) => Number(r.balance_after_fen) < 0)).toEqual([]);
  const balances = await k('accounts').whereIn('id', [t.ids.m1, t.ids.op1]).pluck('balance_fen');
  expect(balances.every((b) => Number(b) >= 0)).toBe(true);
  await expectLedgersBalance(startLedger, [t.ids.m1, t.ids.op1]);
  const sum = (id: number, kind: string) =>
    rows
      .filter((r) => Number(r.account_id) === id && r.kind === kind)
      .reduce((a, r) => a + Number(r.delta_fen), 0);
  expect(sum(t.ids.op1, 'recharge')).toBe(applied * 100);
  expect(sum(t.ids.m1, 'recharge')).toBe(-applied * 100);
  // operator01 paid what it had and no more: short calls were taken to zero, not beyond.
  expect(-sum(t.ids.op1, 'call')).toBeLessThanOrEqual(applied * 100);
  expect(-sum(t.ids.op1, 'call')).toBeLessThan(CALLS_THIN * chargeFen(CALL_MS, RATE_OP, 6));
  expect(rows.some((r) => String(r.description).includes('shortfall'))).toBe(true);
});
