// The close of a dead worker's call (lostCall.ts): the switch's result when it was heard, else unknown
// (90); answered talk billed up to the last alive stamp, never further.
import { outboundLegHangupOf } from './cdr';
import { lostCallClose } from './lostCall';

const t0 = new Date('2026-11-26T10:00:00Z');
const at = (s: number) => new Date(t0.getTime() + s * 1000);
const us = (s: number) => at(s).getTime() * 1000;

it('keeps the result the switch reported for a call never answered', () => {
  const o = lostCallClose(
    { originatedAt: t0, answeredAt: null, aliveAt: at(2) },
    { cause: 'USER_BUSY', sipStatus: 486, createdUs: us(0), answeredUs: 0, hangupUs: us(4) },
  );
  expect(o).toMatchObject({ resultLevel: 67, billableMs: 0, ringMs: 4000, hangupCause: 'USER_BUSY' });
  const noAnswer = lostCallClose(
    { originatedAt: t0, answeredAt: null, aliveAt: null },
    { cause: 'NO_ANSWER', sipStatus: null, createdUs: us(0), answeredUs: 0, hangupUs: us(30) },
  );
  expect(noAnswer).toMatchObject({ resultLevel: 68, billableMs: 0 });
});

it('a line fault the switch reported is no call result (not placed)', () => {
  const o = lostCallClose(
    { originatedAt: t0, answeredAt: null, aliveAt: null },
    { cause: 'GATEWAY_DOWN', sipStatus: null, createdUs: us(0), answeredUs: 0, hangupUs: us(0) },
  );
  expect(o).toMatchObject({ resultLevel: 90, billableMs: 0, reason: { kind: 'notPlaced' } });
});

it('bills an answered call nobody heard end up to its last alive stamp', () => {
  const o = lostCallClose({ originatedAt: t0, answeredAt: at(5), aliveAt: at(35) }, null);
  expect(o).toMatchObject({ resultLevel: 90, talkMs: 30000, billableMs: 30000, ringMs: 5000 });
});

it('bills a hang-up heard after the death up to the alive stamp; an earlier one up to itself', () => {
  const late = lostCallClose(
    { originatedAt: t0, answeredAt: at(5), aliveAt: at(20) },
    { cause: 'NORMAL_CLEARING', sipStatus: 200, createdUs: us(0), answeredUs: us(5), hangupUs: us(80) },
  );
  expect(late).toMatchObject({ resultLevel: 90, billableMs: 15000, hangupCause: 'NORMAL_CLEARING' });
  const early = lostCallClose(
    { originatedAt: t0, answeredAt: at(5), aliveAt: at(20) },
    { cause: 'NORMAL_CLEARING', sipStatus: 200, createdUs: us(0), answeredUs: us(5), hangupUs: us(12) },
  );
  expect(early.billableMs).toBe(7000);
});

it('bills nothing for a call that was still ringing, and never a stamp before the answer', () => {
  expect(lostCallClose({ originatedAt: t0, answeredAt: null, aliveAt: at(9) }, null)).toMatchObject({
    resultLevel: 90,
    talkMs: 0,
    billableMs: 0,
  });
  expect(lostCallClose({ originatedAt: t0, answeredAt: at(9), aliveAt: at(8) }, null).billableMs).toBe(0);
});

it('reads how a robot call’s outbound leg ended from its CDR; other legs give nothing', () => {
  const vars = {
    uuid: 'AB6D3A36-1C2B-4F0E-9C5A-2D1E0F9A8B7C',
    direction: 'outbound',
    hangup_cause: 'USER_BUSY',
    sip_term_status: '486',
    start_uepoch: String(us(0)),
    answer_uepoch: '0',
    end_epoch: String(at(3).getTime() / 1000),
  };
  expect(outboundLegHangupOf({ variables: vars })).toEqual({
    uuid: 'ab6d3a36-1c2b-4f0e-9c5a-2d1e0f9a8b7c',
    hangup: { cause: 'USER_BUSY', sipStatus: 486, createdUs: us(0), answeredUs: 0, hangupUs: us(3) },
  });
  expect(outboundLegHangupOf({ variables: { ...vars, direction: 'inbound' } })).toBeNull();
  expect(outboundLegHangupOf({ variables: { ...vars, hangup_cause: 'X; drop' } })).toBeNull();
  expect(outboundLegHangupOf({ variables: { ...vars, uuid: 'nope' } })).toBeNull();
  expect(outboundLegHangupOf('text')).toBeNull();
});
