// The per-pool gate: never more than `limit` holders, first come first served, a full line refused
// at once, a failing holder still frees its place.
import knexFactory from 'knex';
import { Gate, GateFull, gateOf } from './gate';

const tick = () => new Promise((r) => setImmediate(r));

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

it('runs at most `limit` at once, in arrival order, and refuses beyond the line', async () => {
  const g = new Gate('t', 2, 3);
  const order: number[] = [];
  const holds = Array.from({ length: 5 }, () => deferred());
  const runs = holds.map((h, i) =>
    g.run(async () => {
      order.push(i);
      await h.promise;
      return i;
    }),
  );
  await tick();
  expect([g.inUse, g.queued, order]).toEqual([2, 3, [0, 1]]);
  await expect(g.run(async () => 99)).rejects.toBeInstanceOf(GateFull);
  holds[1]!.resolve();
  await tick();
  await tick();
  expect(order).toEqual([0, 1, 2]);
  for (const h of holds) h.resolve();
  expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
  expect(order).toEqual([0, 1, 2, 3, 4]);
  expect([g.inUse, g.queued]).toEqual([0, 0]);
});

it('a holder that throws frees its place', async () => {
  const g = new Gate('t', 1, 10);
  await expect(
    g.run(async () => {
      throw new Error('boom');
    }),
  ).rejects.toThrow('boom');
  expect(await g.run(async () => 'next')).toBe('next');
  expect(g.inUse).toBe(0);
});

it('one gate per pool and name', async () => {
  const a = knexFactory({ client: 'pg' });
  const b = knexFactory({ client: 'pg' });
  try {
    expect(gateOf(a, 'cdr', 2)).toBe(gateOf(a, 'cdr', 2));
    expect(gateOf(a, 'cdr', 2)).not.toBe(gateOf(b, 'cdr', 2));
    expect(gateOf(a, 'cdr', 2)).not.toBe(gateOf(a, 'recharge', 2));
  } finally {
    await Promise.all([a.destroy(), b.destroy()]);
  }
});
