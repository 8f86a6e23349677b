// The ledger primitive under real concurrency (ARCHITECTURE §4: a balance never goes negative by a
// race) and the low-balance notice helper, against a real PostgreSQL.
import knexFactory, { type Knex } from 'knex';
import type { NoticeDto } from '../../../../domain/api';
import { accountId } from '../../../../test/fixtures';
import { startTestPlatform, type TestPlatform } from '../../../../test/harness';
import { changeBalance, type BalanceResult } from './ledger';
import { noticeLowBalance } from './lowBalance';

let p: TestPlatform;
// A pool of its own, wide enough that many transactions really wait on the same row at once.
let db: Knex;
let op1: number;

beforeAll(async () => {
  p = await startTestPlatform();
  db = knexFactory({ client: 'pg', connection: p.db.url, pool: { min: 0, max: 24 } });
  op1 = await accountId(p, 'operator01');
});
afterAll(async () => {
  await db.destroy();
  await p.close();
});

const balance = async (id: number) =>
  Number((await db('accounts').where({ id }).first('balance_fen')).balance_fen);

/** Sets the balance through the ledger itself (one adjust row). */
async function setBalance(id: number, fen: number) {
  await db.transaction(async (trx) => {
    const r = await changeBalance(trx, {
      accountId: id,
      deltaFen: fen - (await balance(id)),
      kind: 'adjust',
      description: 'test set-up',
    });
    expect(r.ok).toBe(true);
  });
}

describe('concurrent debits', () => {
  it('200 parallel debits against a balance for 50 leave exactly 0, never below, with 50 ledger rows', async () => {
    await setBalance(op1, 50 * 100);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        db.transaction((trx) =>
          changeBalance(trx, { accountId: op1, deltaFen: -100, kind: 'call', key: `race-debit-${i}` }),
        ),
      ),
    );
    const applied = results.filter((r) => r.ok && r.applied);
    const refused = results.filter((r) => !r.ok);
    expect(applied).toHaveLength(50);
    expect(refused).toHaveLength(150);
    expect(refused.every((r) => !r.ok && r.reason === 'insufficient' && r.balanceFen === 0)).toBe(true);
    expect(await balance(op1)).toBe(0);
    const rows = await db('ledger_entries').where('idempotency_key', 'like', 'race-debit-%');
    expect(rows).toHaveLength(50);
    expect(rows.every((r) => Number(r.balance_after_fen) >= 0)).toBe(true);
    // The rows chain: each one starts where the one before it ended, 5000 -> 4900 -> … -> 0.
    const afters = rows.map((r) => Number(r.balance_after_fen)).sort((a, b) => b - a);
    expect(afters).toEqual(Array.from({ length: 50 }, (_, i) => 4900 - i * 100));
  });

  it('one key raced in parallel is applied exactly once', async () => {
    await setBalance(op1, 10_000);
    const results: BalanceResult[] = await Promise.all(
      Array.from({ length: 30 }, () =>
        db.transaction((trx) =>
          changeBalance(trx, { accountId: op1, deltaFen: -700, kind: 'call', key: 'race-same-key' }),
        ),
      ),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.ok && r.applied)).toHaveLength(1);
    // Every replay reports the first change's figures.
    expect(new Set(results.map((r) => (r.ok ? `${r.balanceBeforeFen}>${r.balanceAfterFen}` : '')))).toEqual(
      new Set(['10000>9300']),
    );
    expect(await balance(op1)).toBe(9300);
    expect(await db('ledger_entries').where({ idempotency_key: 'race-same-key' })).toHaveLength(1);
  });

  it('parallel credits and debits add up exactly', async () => {
    await setBalance(op1, 0);
    await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        db.transaction((trx) =>
          changeBalance(trx, {
            accountId: op1,
            deltaFen: i % 2 ? 300 : -100,
            kind: 'adjust',
            key: `mix-${i}`,
          }),
        ),
      ),
    );
    const rows = await db('ledger_entries').where('idempotency_key', 'like', 'mix-%');
    const sum = rows.reduce((s, r) => s + Number(r.delta_fen), 0);
    expect(await balance(op1)).toBe(sum);
    expect(rows.every((r) => Number(r.balance_after_fen) >= 0)).toBe(true);
  });
});

describe('noticeLowBalance', () => {
  const live = () => {
    const sent: NoticeDto[] = [];
    return { sent, noticeToUser: (_: number, n: NoticeDto) => void sent.push(n) };
  };
  const lows = (id: number) => db('notices').where({ account_id: id, type: 99 });

  it('uses 1000 fen without dial settings and notices only the crossing, pushed after commit', async () => {
    await db('dial_settings').where({ account_id: op1 }).del();
    await db('notices').where({ account_id: op1, type: 99 }).del();
    const l = live();
    const n = await db.transaction((trx) => noticeLowBalance(trx, op1, 1000, 999, l));
    expect(n).toMatchObject({ accountId: op1, type: 99 });
    expect(n).toMatchObject({
      titleKey: 'lowBalance.title',
      params: { balance: '9.99', threshold: '10.00' },
    });
    expect(l.sent.map((x) => x.id)).toEqual([n!.id]);
    for (const [before, after] of [
      [999, 500], // already below
      [5000, 1000], // at the threshold is not below it
      [500, 5000], // a credit
    ])
      expect(await db.transaction((trx) => noticeLowBalance(trx, op1, before!, after!, l))).toBeNull();
    expect(await lows(op1)).toHaveLength(1);
    expect(l.sent).toHaveLength(1);
  });

  it("reads the account's own threshold, and a rolled-back notice is neither stored nor pushed", async () => {
    await db('notices').where({ account_id: op1, type: 99 }).del();
    await db('dial_settings').insert({ account_id: op1, low_balance_fen: 50_000 });
    expect(await db.transaction((trx) => noticeLowBalance(trx, op1, 60_000, 49_999))).not.toBeNull();
    expect(await db.transaction((trx) => noticeLowBalance(trx, op1, 1000, 999))).toBeNull();
    const l = live();
    await expect(
      db.transaction(async (trx) => {
        await noticeLowBalance(trx, op1, 50_000, 0, l);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await lows(op1)).toHaveLength(1);
    // The push waits for the commit, which never came.
    await new Promise((r) => setImmediate(r));
    expect(l.sent).toHaveLength(0);
  });
});
