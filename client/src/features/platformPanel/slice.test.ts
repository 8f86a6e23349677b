import type { PlatformPanelSnapshot, PlatformPulse } from '../../../../domain/platformPanel';
import {
  initialPlatformPanelState,
  platformPanelActions as P,
  platformPanelReducer as reduce,
} from './slice';

const kpis = {
  dialed: 0,
  connected: 0,
  grades: { A: 0, B: 0, C: 0, D: 0, E: 0, F: 0 },
  talkMs: 0,
  transfers: 0,
  transferAccepted: 0,
  transferAbandoned: 0,
};
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
const today = (asOf: string) => ({ asOf, day: '2026-11-27', timeZone: 'Asia/Shanghai', kpis });
const snap: PlatformPanelSnapshot = {
  live: live('2026-11-27T01:00:10.000Z', 5),
  today: today('2026-11-27T01:00:10.000Z'),
  lowBalances: [],
  expiring: [],
};
const pulse = (at: string, calls: number): PlatformPulse => ({ live: live(at, calls), today: today(at) });

describe('platform panel slice', () => {
  it('keeps a pulse that arrives while the snapshot loads and applies it when newer', () => {
    let s = reduce(initialPlatformPanelState, P.opened());
    s = reduce(s, P.snapshotRequested());
    s = reduce(s, P.pulseReceived(pulse('2026-11-27T01:00:12.000Z', 9)));
    expect(s.pending).not.toBeNull();
    s = reduce(s, P.snapshotLoaded(snap));
    expect(s.view!.live.callsInProgress).toBe(9);
    expect(s.pending).toBeNull();
    expect(s.loading).toBe(false);
  });

  it('applies pulses to the view on screen, and ignores them once the page is closed', () => {
    let s = reduce(reduce(initialPlatformPanelState, P.opened()), P.snapshotLoaded(snap));
    s = reduce(s, P.pulseReceived(pulse('2026-11-27T01:00:14.000Z', 2)));
    expect(s.view!.live.callsInProgress).toBe(2);
    s = reduce(s, P.closed());
    s = reduce(s, P.pulseReceived(pulse('2026-11-27T01:00:16.000Z', 8)));
    expect(s.view!.live.callsInProgress).toBe(2);
    expect(s.live).toBe('off');
  });

  it('shows a failed load', () => {
    const s = reduce(reduce(initialPlatformPanelState, P.snapshotRequested()), P.snapshotFailed('boom'));
    expect(s).toMatchObject({ loading: false, error: 'boom' });
  });
});
