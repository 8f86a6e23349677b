// allocateSlots' switch capacity (issue 21: a saturated FreeSWITCH node stalls): never more slots in
// all than the switches can still carry, shared as fairly as without the cap.
import fc from 'fast-check';
import { allocateSlots, emptyRateWindow, type PacingLine, type PacingTask } from './pacing';

const now = new Date(Date.UTC(2026, 2, 2, 2, 0, 0));
const line = (id: number): PacingLine => ({
  id,
  ports: 1000,
  active: 0,
  rate: { n: 1000, m: 1 },
  window: emptyRateWindow(),
});
const task = (id: number, lineId: number, robots: number, active = 0): PacingTask => ({
  id,
  accountId: 1,
  lineId,
  robots,
  active,
});
const account = { id: 1, quota: 10_000, active: 0 };

it('grants no more than the switches carry, shared in proportion to robots', () => {
  const a = allocateSlots([task(1, 1, 10), task(2, 2, 10)], [line(1), line(2)], [account], now, 6);
  expect(a.grants).toEqual([
    { taskId: 1, slots: 3 },
    { taskId: 2, slots: 3 },
  ]);
  // Full switches: nothing; no cap given: everything the tasks may take.
  expect(allocateSlots([task(1, 1, 10)], [line(1)], [account], now, 0).grants[0]!.slots).toBe(0);
  expect(allocateSlots([task(1, 1, 10)], [line(1)], [account], now).grants[0]!.slots).toBe(10);
});

it('never exceeds the cap, nor what it would grant without one', () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.record({ robots: fc.integer({ min: 1, max: 30 }), active: fc.integer({ min: 0, max: 30 }) }),
        {
          minLength: 1,
          maxLength: 8,
        },
      ),
      fc.integer({ min: 0, max: 100 }),
      (specs, free) => {
        const tasks = specs.map((s, i) => task(i + 1, 1, s.robots, Math.min(s.active, s.robots)));
        const capped = allocateSlots(tasks, [line(1)], [account], now, free).grants;
        const open = allocateSlots(tasks, [line(1)], [account], now).grants;
        const sum = (g: { slots: number }[]) => g.reduce((n, x) => n + x.slots, 0);
        expect(sum(capped)).toBe(Math.min(free, sum(open)));
        capped.forEach((g, i) => expect(g.slots).toBeLessThanOrEqual(open[i]!.slots));
      },
    ),
  );
});
