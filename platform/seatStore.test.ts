import { offlineSeat, type SeatLive } from '../domain/seats';
import { seatFromHash, seatToHash } from './seatStore';

const live = (over: Partial<SeatLive> = {}): SeatLive => ({ ...offlineSeat(1, true, false), ...over });

describe('seat hash codec', () => {
  it('round-trips a state and rejects foreign hashes', () => {
    const s = live({
      online: true,
      dnd: true,
      activity: 'wrapup',
      callUuid: 'u',
      idleSince: null,
      changedAt: 77,
    });
    const h = { ...seatToHash(s, { accountId: 4, userId: 5 }), v: '3' };
    expect(seatFromHash(h)).toEqual({ version: 3, state: s });
    expect(h).toMatchObject({ acc: '4', usr: '5' });
    expect(seatFromHash({})).toBeNull();
    expect(seatFromHash({ ...h, act: 'sleeping' })).toBeNull();
  });
});
