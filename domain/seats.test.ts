import fc from 'fast-check';
import {
  SEAT_ACTIVITIES,
  applySeatChange,
  averageHandleMs,
  isPickable,
  offlineSeat,
  pickSeat,
  seatStateDto,
  seatStatus,
  validateSeat,
  validateSeatGroup,
  type SeatCandidate,
  type SeatInput,
  type SeatLive,
} from './seats';

const ext = (over: Partial<SeatInput> = {}): Partial<SeatInput> => ({
  name: '坐席一',
  type: 'extension',
  groupId: 1,
  userId: 2,
  extension: '8001',
  authName: 'seat8001',
  authPassword: 'secret1',
  mobile: '',
  enabled: true,
  autoAnswer: false,
  ...over,
});

describe('validateSeatGroup', () => {
  it('needs a name of at least 2 characters', () => {
    expect(validateSeatGroup({ name: '销售', description: '' })).toEqual({});
    expect(validateSeatGroup({ name: ' 销 ', description: '' })).toEqual({ name: 'name' });
    expect(validateSeatGroup({ name: '  ' })).toEqual({ name: 'required' });
    expect(validateSeatGroup({ name: 5 as never })).toEqual({ name: 'required' });
    expect(validateSeatGroup({ name: 'x'.repeat(65) })).toEqual({ name: 'tooLong' });
    expect(validateSeatGroup({ name: 'ab', description: 'd'.repeat(501) })).toEqual({
      description: 'tooLong',
    });
    expect(validateSeatGroup({ name: 'ab', description: 3 as never })).toEqual({ description: 'required' });
  });
});

describe('validateSeat', () => {
  it('accepts a valid extension seat and a valid mobile seat', () => {
    expect(validateSeat(ext())).toEqual({});
    expect(
      validateSeat(
        ext({ type: 'mobile', extension: '', authName: '', authPassword: '', mobile: '13800138000' }),
      ),
    ).toEqual({});
  });

  it.each([
    [{ name: 'a' }, { name: 'name' }],
    [{ name: '' }, { name: 'required' }],
    [{ type: 'sip' as never }, { type: 'type' }],
    [{ groupId: null }, { groupId: 'required' }],
    [{ userId: 0 }, { userId: 'required' }],
    [{ extension: '' }, { extension: 'required' }],
    [{ extension: '1' }, { extension: 'extension' }],
    [{ extension: '80a1' }, { extension: 'extension' }],
    [{ extension: '1'.repeat(21) }, { extension: 'extension' }],
    [{ authName: 'seat1' }, { authName: 'min6' }],
    [{ authName: '' }, { authName: 'required' }],
    [{ authName: 'a'.repeat(65) }, { authName: 'tooLong' }],
    [{ authPassword: '12345' }, { authPassword: 'min6' }],
    [{ authPassword: '' }, { authPassword: 'required' }],
    [{ authPassword: 'p'.repeat(129) }, { authPassword: 'tooLong' }],
  ])('refuses an extension seat with %j', (over, problems) => {
    expect(validateSeat(ext(over as Partial<SeatInput>))).toEqual(problems);
  });

  it('keeps stored secrets when an edit leaves them empty', () => {
    expect(validateSeat(ext({ authPassword: '' }), { authPassword: true, mobile: false })).toEqual({});
    const mobile = ext({ type: 'mobile', mobile: '' });
    expect(validateSeat(mobile)).toEqual({ mobile: 'required' });
    expect(validateSeat(mobile, { authPassword: false, mobile: true })).toEqual({});
    expect(validateSeat(ext({ type: 'mobile', mobile: '12345678901' }))).toEqual({ mobile: 'mobile' });
  });
});

const live = (over: Partial<SeatLive> = {}): SeatLive => ({ ...offlineSeat(1, true, false), ...over });
const idleOnline = (since = 1000) => live({ online: true, idleSince: since, changedAt: since });

describe('applySeatChange', () => {
  it('starts the idle clock when a seat becomes pickable and keeps it across unrelated changes', () => {
    const on = applySeatChange(live(), { by: 'user', online: true }, 5000);
    expect(on).toEqual({ ok: true, state: expect.objectContaining({ online: true, idleSince: 5000 }) });
    const auto = applySeatChange((on as { state: SeatLive }).state, { by: 'user', autoAnswer: true }, 9000);
    expect(auto).toMatchObject({ ok: true, state: { autoAnswer: true, idleSince: 5000, changedAt: 9000 } });
    const dnd = applySeatChange(idleOnline(), { by: 'user', dnd: true }, 7000);
    expect(dnd).toMatchObject({ ok: true, state: { dnd: true, idleSince: null } });
    const back = applySeatChange((dnd as { state: SeatLive }).state, { by: 'user', dnd: false }, 8000);
    expect(back).toMatchObject({ ok: true, state: { idleSince: 8000 } });
  });

  it('runs a call: busy, wrap-up, ready', () => {
    const busy = applySeatChange(idleOnline(), { by: 'call', kind: 'busy', callUuid: 'c1' }, 2000);
    expect(busy).toMatchObject({ ok: true, state: { activity: 'busy', callUuid: 'c1', idleSince: null } });
    const b = (busy as { state: SeatLive }).state;
    expect(applySeatChange(b, { by: 'call', kind: 'busy', callUuid: 'c1' }, 2100)).toEqual({
      ok: true,
      state: b,
    });
    expect(applySeatChange(b, { by: 'call', kind: 'busy', callUuid: 'c2' }, 2100)).toEqual({
      ok: false,
      problem: 'otherCall',
    });
    expect(applySeatChange(b, { by: 'user', online: false }, 2100)).toEqual({ ok: false, problem: 'onCall' });
    expect(applySeatChange(b, { by: 'call', kind: 'idle', callUuid: 'old' }, 2100)).toEqual({
      ok: false,
      problem: 'otherCall',
    });
    const wrap = applySeatChange(b, { by: 'call', kind: 'wrapup', callUuid: 'c1' }, 3000);
    expect(wrap).toMatchObject({ ok: true, state: { activity: 'wrapup', callUuid: 'c1', idleSince: null } });
    const w = (wrap as { state: SeatLive }).state;
    const ready = applySeatChange(w, { by: 'user', ready: true }, 4000);
    expect(ready).toMatchObject({ ok: true, state: { activity: 'idle', callUuid: null, idleSince: 4000 } });
  });

  it('refuses call changes that do not fit', () => {
    expect(applySeatChange(live(), { by: 'call', kind: 'busy', callUuid: 'c' }, 1)).toEqual({
      ok: false,
      problem: 'notOnline',
    });
    expect(applySeatChange(idleOnline(), { by: 'call', kind: 'wrapup' }, 1)).toEqual({
      ok: false,
      problem: 'notOnCall',
    });
    const s = idleOnline();
    expect(applySeatChange(s, { by: 'call', kind: 'idle' }, 1)).toEqual({ ok: true, state: s });
  });

  it('presence and config changes keep a call going but make the seat unpickable', () => {
    const b = live({ online: true, activity: 'busy', callUuid: 'c' });
    expect(applySeatChange(b, { by: 'presence', online: false }, 5)).toMatchObject({
      ok: true,
      state: { online: false, activity: 'busy', callUuid: 'c' },
    });
    const off = applySeatChange(
      idleOnline(),
      { by: 'config', groupId: 9, enabled: false, autoAnswer: true },
      5,
    );
    expect(off).toMatchObject({
      ok: true,
      state: { groupId: 9, enabled: false, autoAnswer: true, idleSince: null },
    });
    expect(seatStatus((off as { state: SeatLive }).state)).toBe('disabled');
  });

  it('going offline abandons wrap-up', () => {
    const w = live({ online: true, activity: 'wrapup', callUuid: 'c' });
    expect(applySeatChange(w, { by: 'user', online: false }, 5)).toMatchObject({
      ok: true,
      state: { online: false, activity: 'idle', callUuid: null },
    });
  });
});

describe('seatStatus', () => {
  it('orders disabled, busy, wrap-up, offline, dnd, idle', () => {
    expect(seatStatus(live({ enabled: false, activity: 'busy' }))).toBe('disabled');
    expect(seatStatus(live({ activity: 'busy' }))).toBe('busy');
    expect(seatStatus(live({ activity: 'wrapup' }))).toBe('wrapup');
    expect(seatStatus(live({ dnd: true }))).toBe('offline');
    expect(seatStatus(live({ online: true, dnd: true }))).toBe('dnd');
    expect(seatStatus(live({ online: true }))).toBe('idle');
    expect(seatStateDto(live({ online: true, idleSince: 0 })).idleSince).toBe('1970-01-01T00:00:00.000Z');
  });
});

describe('pickSeat', () => {
  const seat = (id: number, over: Partial<SeatCandidate> = {}): SeatCandidate => ({
    id,
    enabled: true,
    online: true,
    dnd: false,
    activity: 'idle',
    idleSince: 1000,
    ...over,
  });

  it('takes the longest idle, the lower id on a tie, and nothing from an empty group', () => {
    expect(pickSeat([])).toBeNull();
    expect(
      pickSeat([seat(1, { idleSince: 300 }), seat(2, { idleSince: 100 }), seat(3, { idleSince: 200 })]),
    ).toBe(2);
    expect(pickSeat([seat(9, { idleSince: 100 }), seat(4, { idleSince: 100 })])).toBe(4);
  });

  it.each([
    ['offline', { online: false }],
    ['do not disturb', { dnd: true }],
    ['busy', { activity: 'busy' as const }],
    ['in wrap-up', { activity: 'wrapup' as const }],
    ['disabled', { enabled: false }],
  ])('skips a seat that is %s even when it has waited longest', (_, over) => {
    expect(pickSeat([seat(1, { ...over, idleSince: 1 }), seat(2, { idleSince: 50 })])).toBe(2);
    expect(pickSeat([seat(1, { ...over, idleSince: 1 })])).toBeNull();
  });

  it('every combination of flags on three seats: the winner is pickable and no pickable seat waited longer', () => {
    const flags: Partial<SeatCandidate>[] = [];
    for (const enabled of [true, false])
      for (const online of [true, false])
        for (const dnd of [true, false])
          for (const activity of SEAT_ACTIVITIES) flags.push({ enabled, online, dnd, activity });
    let checked = 0;
    const wrong: string[] = [];
    for (const a of flags)
      for (const b of flags)
        for (const c of flags) {
          const seats = [
            seat(3, { ...a, idleSince: 10 }),
            seat(1, { ...b, idleSince: 10 }),
            seat(2, { ...c, idleSince: 5 }),
          ];
          const eligible = seats.filter(isPickable);
          const want = eligible.sort((x, y) => x.idleSince! - y.idleSince! || x.id - y.id)[0]?.id ?? null;
          if (pickSeat(seats) !== want) wrong.push(JSON.stringify(seats));
          checked++;
        }
    expect(checked).toBe(24 ** 3);
    expect(wrong).toEqual([]);
  });

  it('agrees with sorting on random groups', () => {
    const cand = fc.record({
      enabled: fc.boolean(),
      online: fc.boolean(),
      dnd: fc.boolean(),
      activity: fc.constantFrom(...SEAT_ACTIVITIES),
      idleSince: fc.integer({ min: 0, max: 20 }),
    });
    fc.assert(
      fc.property(fc.array(cand, { maxLength: 12 }), (raw) => {
        const seats = raw.map((r, i) => ({ ...r, id: i + 1 }));
        const sorted = seats.filter(isPickable).sort((x, y) => x.idleSince - y.idleSince || x.id - y.id);
        expect(pickSeat(seats)).toBe(sorted[0]?.id ?? null);
      }),
    );
  });
});

it('averageHandleMs is talk per answered offer', () => {
  expect(averageHandleMs(90_000, 3)).toBe(30_000);
  expect(averageHandleMs(0, 0)).toBeNull();
});
