import { Wakeups } from './wakeups';

describe('Wakeups', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('wakes every waiter of the key, and only of that key', async () => {
    const w = new Wakeups();
    const a1 = w.wait('a', 1000);
    const a2 = w.wait('a', 1000);
    const b = w.wait('b', 1000);
    w.wake('a');
    await expect(a1).resolves.toBe(true);
    await expect(a2).resolves.toBe(true);
    expect(w.size).toBe(1);
    jest.advanceTimersByTime(1000);
    await expect(b).resolves.toBe(false);
    expect(w.size).toBe(0);
  });

  it('ends a wait at its time limit when nobody wakes it', async () => {
    const w = new Wakeups();
    let settled: boolean | null = null;
    void w.wait('x', 500).then((v) => (settled = v));
    jest.advanceTimersByTime(499);
    await Promise.resolve();
    expect(settled).toBeNull();
    jest.advanceTimersByTime(1);
    await Promise.resolve();
    expect(settled).toBe(false);
    expect(w.size).toBe(0);
  });

  it('a wake with no waiter is not remembered for a later wait', async () => {
    const w = new Wakeups();
    w.wake('x');
    const p = w.wait('x', 100);
    jest.advanceTimersByTime(100);
    await expect(p).resolves.toBe(false);
  });

  it('close ends the waits; a later wait is a plain pause that nothing wakes', async () => {
    const w = new Wakeups();
    const p = w.wait('x', 10_000);
    w.close();
    await expect(p).resolves.toBe(false);
    let settled: boolean | null = null;
    void w.wait('y', 100).then((v) => (settled = v));
    w.wake('y');
    await Promise.resolve();
    expect(settled).toBeNull();
    jest.advanceTimersByTime(100);
    await Promise.resolve();
    expect(settled).toBe(false);
    expect(w.size).toBe(0);
  });
});
