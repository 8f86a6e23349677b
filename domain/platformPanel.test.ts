import { applyPulse, panelAsOf, type PlatformPanelSnapshot, type PlatformPulse } from './platformPanel';

const kpis = (dialed: number) => ({
  dialed,
  connected: 0,
  grades: { A: 0, B: 0, C: 0, D: 0, E: 0, F: 0 },
  talkMs: 0,
  transfers: 0,
  transferAccepted: 0,
  transferAbandoned: 0,
});
const live = (at: string, calls: number) => ({
  at,
  callsInProgress: calls,
  byNode: [],
  byMerchant: [],
  originatesPerSecond: 0,
  queues: [],
  workers: [],
  nodes: [],
  lines: { up: 0, down: 0, unknown: 0, downList: [] },
});
const today = (asOf: string, dialed: number) => ({
  asOf,
  day: '2026-11-27',
  timeZone: 'Asia/Shanghai',
  kpis: kpis(dialed),
});
const snap: PlatformPanelSnapshot = {
  live: live('2026-11-27T01:00:10.000Z', 5),
  today: today('2026-11-27T01:00:10.000Z', 100),
  lowBalances: [],
  expiring: [],
};

describe('applyPulse', () => {
  it('takes a newer pulse whole and keeps the lists of the snapshot', () => {
    const p: PlatformPulse = {
      live: live('2026-11-27T01:00:12.000Z', 7),
      today: today('2026-11-27T01:00:11.000Z', 101),
    };
    const v = applyPulse(snap, p);
    expect(v.live.callsInProgress).toBe(7);
    expect(v.today.kpis.dialed).toBe(101);
    expect(v.lowBalances).toBe(snap.lowBalances);
    expect(panelAsOf(v)).toBe('2026-11-27T01:00:12.000Z');
  });

  it('keeps newer figures than an older pulse brings (kept totals, a late frame)', () => {
    const p: PlatformPulse = {
      live: live('2026-11-27T01:00:09.000Z', 1),
      today: today('2026-11-27T01:00:00.000Z', 90),
    };
    const v = applyPulse(snap, p);
    expect(v.live.callsInProgress).toBe(5);
    expect(v.today.kpis.dialed).toBe(100);
  });
});
