import fc from 'fast-check';
import {
  type PacingAccount,
  type PacingLine,
  type PacingTask,
  type RateWindow,
  allocateSlots,
  availableTokens,
  emptyRateWindow,
  freeSlots,
  parseSendRate,
  takeTokens,
} from './pacing';

const T0 = Date.UTC(2026, 2, 2, 2, 0, 0);

describe('parseSendRate', () => {
  it('reads n/m', () => {
    expect(parseSendRate('10/1')).toEqual({ n: 10, m: 1 });
    expect(parseSendRate(' 3/60 ')).toEqual({ n: 3, m: 60 });
    for (const bad of ['0/1', '1/0', '1/', 'a/b', '1.5/2', '-1/2', '10'])
      expect(parseSendRate(bad)).toBeNull();
  });
});

describe('takeTokens', () => {
  it('grants up to n per m seconds and refills as stamps age out', () => {
    let s: RateWindow = emptyRateWindow();
    let r = takeTokens(s, T0, 3, 10, 5);
    expect(r.granted).toBe(3);
    s = r.state;
    expect(takeTokens(s, T0 + 9_999, 3, 10, 1).granted).toBe(0);
    r = takeTokens(s, T0 + 10_000, 3, 10, 5);
    expect(r.granted).toBe(3);
    expect(r.state.stamps).toHaveLength(3);
    expect(r.state.served).toBe(6);
  });
  it('is a sliding window, not a fixed one', () => {
    let s = takeTokens(emptyRateWindow(), T0, 2, 10, 1).state; // t=0
    s = takeTokens(s, T0 + 9_000, 2, 10, 1).state; // t=9
    expect(takeTokens(s, T0 + 10_000, 2, 10, 5).granted).toBe(1); // t=0 left, t=9 still counts
    expect(availableTokens(s, T0 + 19_000, 2, 10)).toBe(2);
  });
  it('does not reopen a window when the clock steps back', () => {
    const s = takeTokens(emptyRateWindow(), T0, 1, 10, 1).state;
    expect(takeTokens(s, T0 - 60_000, 1, 10, 1).granted).toBe(0);
  });
  it('grants nothing for invalid input', () => {
    const s = emptyRateWindow();
    expect(takeTokens(s, T0, 0, 10, 1).granted).toBe(0);
    expect(takeTokens(s, T0, 1, 0, 1).granted).toBe(0);
    expect(takeTokens(s, T0, 1, 1, -1).granted).toBe(0);
    expect(takeTokens(s, T0, 1, 1, 1.5).granted).toBe(0);
  });
  it('keeps at most n stamps', () => {
    let s = emptyRateWindow();
    for (let i = 0; i < 50; i++) s = takeTokens(s, T0 + i * 1000, 4, 2, 10).state;
    expect(s.stamps.length).toBeLessThanOrEqual(4);
  });
});

describe('freeSlots', () => {
  it('is the smallest headroom, never negative', () => {
    const base = {
      taskRobots: 10,
      taskActive: 2,
      linePorts: 30,
      lineActive: 25,
      lineTokens: 7,
      accountQuota: 20,
      accountActive: 0,
    };
    expect(freeSlots(base)).toBe(5);
    expect(freeSlots({ ...base, lineTokens: 1 })).toBe(1);
    expect(freeSlots({ ...base, accountActive: 19 })).toBe(1);
    expect(freeSlots({ ...base, taskActive: 12 })).toBe(0);
    expect(freeSlots({ ...base, taskRobots: NaN })).toBe(0);
  });
});

describe('allocateSlots', () => {
  const line = (id: number, ports: number, n = 1000, m = 1, active = 0): PacingLine => ({
    id,
    ports,
    active,
    rate: { n, m },
    window: emptyRateWindow(),
  });
  const task = (id: number, robots: number, lineId = 1, accountId = 1, active = 0): PacingTask => ({
    id,
    robots,
    lineId,
    accountId,
    active,
  });
  const acct = (id: number, quota: number, parentId?: number, active = 0): PacingAccount => ({
    id,
    quota,
    active,
    parentId,
  });
  const slots = (a: { grants: { slots: number }[] }): number[] => a.grants.map((g) => g.slots);

  it('splits a shared line in proportion to robots', () => {
    const a = allocateSlots([task(1, 10), task(2, 30)], [line(1, 20)], [acct(1, 100)], new Date(T0));
    expect(slots(a)).toEqual([5, 15]);
  });
  it('gives each task at most its robots, and respects demand', () => {
    const a = allocateSlots(
      [task(1, 3), { ...task(2, 10), demand: 2 }],
      [line(1, 100)],
      [acct(1, 100)],
      new Date(T0),
    );
    expect(slots(a)).toEqual([3, 2]);
  });
  it('counts active calls when balancing', () => {
    const a = allocateSlots([task(1, 10, 1, 1, 6), task(2, 10)], [line(1, 10)], [acct(1, 100)], new Date(T0));
    expect(slots(a)).toEqual([2, 8]);
  });
  it('applies the line rate and returns the new window', () => {
    const a = allocateSlots([task(1, 10), task(2, 10)], [line(1, 100, 3, 1)], [acct(1, 100)], new Date(T0));
    expect(slots(a).reduce((x, y) => x + y)).toBe(3);
    expect(a.windows[0]!.window).toEqual({ stamps: [T0, T0, T0], served: 3 });
  });
  it('applies the account quota and every ancestor quota', () => {
    const accounts = [acct(1, 5, 9), acct(2, 5, 9), acct(9, 6, undefined, 2)];
    const a = allocateSlots([task(1, 10, 1, 1), task(2, 10, 1, 2)], [line(1, 100)], accounts, new Date(T0));
    expect(slots(a)).toEqual([2, 2]); // merchant 9 has 6 - 2 = 4 left
  });
  it('gives nothing to a task with an unknown line or account', () => {
    const a = allocateSlots(
      [task(1, 10, 7), task(2, 10, 1, 7)],
      [line(1, 100)],
      [acct(1, 100)],
      new Date(T0),
    );
    expect(slots(a)).toEqual([0, 0]);
  });
  it('lets equal tasks take turns when the rate allows one call per tick', () => {
    let window = emptyRateWindow();
    const got = [0, 0];
    for (let i = 0; i < 100; i++) {
      const now = new Date(T0 + i * 500);
      const l = { ...line(1, 100, 1, 1), window };
      const a = allocateSlots([task(1, 5), task(2, 5)], [l], [acct(1, 100)], now);
      a.grants.forEach((g, k) => (got[k]! += g.slots));
      window = a.windows[0]!.window;
    }
    expect(got[0]! + got[1]!).toBe(50);
    expect(Math.abs(got[0]! - got[1]!)).toBeLessThanOrEqual(2);
  });
  it('is deterministic', () => {
    const args = [[task(1, 3), task(2, 3), task(3, 3)], [line(1, 4)], [acct(1, 100)], new Date(T0)] as const;
    expect(allocateSlots(...args)).toEqual(allocateSlots(...args));
  });

  it('never exceeds ports, robots, quotas or n per m seconds over many ticks (property)', () => {
    const scenario = fc.record({
      lines: fc.array(
        fc.record({
          ports: fc.integer({ min: 0, max: 12 }),
          n: fc.integer({ min: 1, max: 6 }),
          m: fc.integer({ min: 1, max: 5 }),
        }),
        { minLength: 1, maxLength: 3 },
      ),
      accounts: fc.array(fc.record({ quota: fc.integer({ min: 0, max: 15 }), parent: fc.boolean() }), {
        minLength: 1,
        maxLength: 3,
      }),
      tasks: fc.array(
        fc.record({
          robots: fc.integer({ min: 0, max: 8 }),
          line: fc.nat(),
          account: fc.nat(),
          demand: fc.option(fc.integer({ min: 0, max: 10 }), { nil: undefined }),
        }),
        { minLength: 1, maxLength: 6 },
      ),
      seed: fc.integer(),
    });
    fc.assert(
      fc.property(scenario, ({ lines: ls, accounts: as, tasks: ts, seed }) => {
        let rnd = seed >>> 0;
        const random = (): number => (rnd = (Math.imul(rnd, 1664525) + 1013904223) >>> 0) / 2 ** 32;
        const lines = ls.map((l, i) => ({
          id: i,
          ports: l.ports,
          rate: { n: l.n, m: l.m },
          window: emptyRateWindow(),
        }));
        // Account 0 is the root; others may hang under it (merchant -> users).
        const accounts = as.map((a, i) => ({
          id: i,
          quota: a.quota,
          parentId: i > 0 && a.parent ? 0 : undefined,
        }));
        const tasks = ts.map((t, i) => ({
          id: i,
          robots: t.robots,
          lineId: t.line % ls.length,
          accountId: t.account % as.length,
          demand: t.demand,
        }));
        const live: { task: number; ends: number }[] = [];
        const originates: number[][] = lines.map(() => []);
        for (let tick = 0; tick < 60; tick++) {
          const now = T0 + tick * 500 + Math.floor(random() * 300);
          for (let i = live.length - 1; i >= 0; i--) if (live[i]!.ends <= now) live.splice(i, 1);
          const activeOf = (f: (taskIndex: number) => boolean): number =>
            live.filter((c) => f(c.task)).length;
          const inSubtree = (accountId: number, a: number): boolean =>
            a === accountId || accounts[a]!.parentId === accountId;
          const a = allocateSlots(
            tasks.map((t) => ({ ...t, active: activeOf((k) => k === t.id) })),
            lines.map((l) => ({ ...l, active: activeOf((k) => tasks[k]!.lineId === l.id) })),
            accounts.map((acc) => ({
              ...acc,
              active: activeOf((k) => inSubtree(acc.id, tasks[k]!.accountId)),
            })),
            new Date(now),
          );
          a.windows.forEach((w, i) => (lines[i]!.window = w.window));
          for (const g of a.grants) {
            const t = tasks[g.taskId]!;
            if (t.demand !== undefined && g.slots > t.demand) return false;
            for (let k = 0; k < g.slots; k++) {
              live.push({ task: t.id, ends: now + Math.floor(random() * 4000) });
              originates[t.lineId]!.push(now);
            }
          }
          for (const t of tasks) if (activeOf((k) => k === t.id) > t.robots) return false;
          for (const l of lines) if (activeOf((k) => tasks[k]!.lineId === l.id) > l.ports) return false;
          for (const acc of accounts)
            if (activeOf((k) => inSubtree(acc.id, tasks[k]!.accountId)) > acc.quota) return false;
        }
        // Any half-open window of m seconds holds at most n originates.
        return lines.every((l, i) => {
          const s = originates[i]!;
          return s.every((_, j) => j + l.rate.n >= s.length || s[j + l.rate.n]! >= s[j]! + l.rate.m * 1000);
        });
      }),
      { numRuns: 200 },
    );
  });
});
