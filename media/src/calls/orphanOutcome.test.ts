// The outcome of a dead worker's call (recover.ts orphanOutcome): the switch's result when it was
// heard, else unknown (90); answered talk billed up to the last alive stamp, never further.
import { orphanOutcome } from './recover';

const t0 = new Date('2026-11-26T10:00:00Z');
const at = (s: number) => new Date(t0.getTime() + s * 1000);
const us = (s: number) => at(s).getTime() * 1000;

it('keeps the result the switch reported for a call never answered', () => {
  const o = orphanOutcome(
    { originatedAt: t0, answeredAt: null, aliveAt: at(2) },
    { cause: 'USER_BUSY', sipStatus: 486, createdUs: us(0), answeredUs: 0, hangupUs: us(4) },
    'unknown',
  );
  expect(o).toMatchObject({ resultLevel: 67, billableMs: 0, ringMs: 4000 });
});

it('bills an answered call whose channel was hung up by the sweep up to its last alive stamp', () => {
  const o = orphanOutcome({ originatedAt: t0, answeredAt: at(5), aliveAt: at(35) }, null, 'killed');
  expect(o).toMatchObject({ resultLevel: 90, talkMs: 30000, billableMs: 30000 });
  expect((o.reason as { text: string }).text).toMatch(/hung up by the sweep/);
});

it('bills a customer hang-up heard after the death up to the alive stamp, not the hang-up', () => {
  const o = orphanOutcome(
    { originatedAt: t0, answeredAt: at(5), aliveAt: at(20) },
    { cause: 'NORMAL_CLEARING', sipStatus: 200, createdUs: us(0), answeredUs: us(5), hangupUs: us(80) },
    'unknown',
  );
  expect(o).toMatchObject({ resultLevel: 90, billableMs: 15000 });
  // A hang-up before the last stamp ends the talk there.
  const early = orphanOutcome(
    { originatedAt: t0, answeredAt: at(5), aliveAt: at(20) },
    { cause: 'NORMAL_CLEARING', sipStatus: 200, createdUs: us(0), answeredUs: us(5), hangupUs: us(12) },
    'unknown',
  );
  expect(early.billableMs).toBe(7000);
});

it('bills nothing for a call that was still ringing', () => {
  const o = orphanOutcome({ originatedAt: t0, answeredAt: null, aliveAt: at(9) }, null, 'killed');
  expect(o).toMatchObject({ resultLevel: 90, talkMs: 0, billableMs: 0 });
});
