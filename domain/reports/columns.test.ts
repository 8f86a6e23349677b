import { COUNTERS } from '../../migrations/2026-11-27-2730-report-rollups';
import { ROLLUP_COLUMN_NAMES, rollupValues, type RollupCall } from './columns';

const call = (over: Partial<RollupCall>): RollupCall => ({
  resultLevel: 21,
  answered: true,
  talkMs: 30_000,
  ringMs: 2_000,
  billableMs: 30_000,
  rounds: 4,
  transferOutcome: null,
  ...over,
});

describe('rollup counters', () => {
  it('are the columns the migration made (a new counter needs a new migration)', () => {
    expect(ROLLUP_COLUMN_NAMES).toEqual(COUNTERS);
  });

  it('count a connected call in its grade, buckets and transfer outcome', () => {
    const v = rollupValues(call({ resultLevel: 22, transferOutcome: 'accepted' }));
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
    });
    expect(v.lv90).toBe(0);
  });

  it('count a not-connected call in its result only, a missing or strange result as 90', () => {
    expect(rollupValues(call({ resultLevel: 67, answered: false, talkMs: 0 }))).toMatchObject({
      dialled: 1,
      connected: 0,
      lv67: 1,
      h_lt10: 0,
      k_r3_4: 0,
    });
    expect(rollupValues(call({ resultLevel: null, answered: false }))).toMatchObject({
      lv90: 1,
      connected: 0,
    });
    expect(rollupValues(call({ resultLevel: 80, answered: false }))).toMatchObject({ lv90: 1 });
  });

  it('never count a blacklist refusal (71) as dialled', () => {
    expect(rollupValues(call({ resultLevel: 71, answered: false, ringMs: 500 }))).toMatchObject({
      dialled: 0,
      lv71: 1,
      ring_ms: 0,
    });
  });

  it('count an unknown transfer outcome as other', () => {
    expect(rollupValues(call({ transferOutcome: 'cancelled' }))).toMatchObject({ xfer: 1, xfer_other: 1 });
  });
});
