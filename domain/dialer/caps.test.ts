import { DEFAULT_CAPS, capCheck } from './caps';

const SH = 'Asia/Shanghai';
const sh = (s: string): Date => new Date(`${s}+08:00`);
const now = sh('2026-03-02T10:00:00');

describe('capCheck', () => {
  it('allows a fresh number', () => {
    expect(capCheck([], now, DEFAULT_CAPS, [], SH)).toEqual({ ok: true });
  });
  it('blocks a blacklisted number first', () => {
    expect(
      capCheck([{ at: sh('2026-03-02T09:00:00'), result: 21 }], now, DEFAULT_CAPS, [21], SH, true),
    ).toEqual({ ok: false, reason: 'blacklist' });
  });
  it('1 conversation per local day by default; not-connected attempts do not count', () => {
    expect(capCheck([{ at: sh('2026-03-02T00:00:00'), result: 22 }], now, DEFAULT_CAPS, [], SH)).toEqual({
      ok: false,
      reason: 'dailyCap',
    });
    expect(capCheck([{ at: sh('2026-03-01T23:59:59'), result: 22 }], now, DEFAULT_CAPS, [], SH)).toEqual({
      ok: true,
    });
    expect(capCheck([{ at: sh('2026-03-02T09:00:00'), result: 68 }], now, DEFAULT_CAPS, [], SH)).toEqual({
      ok: true,
    });
    expect(
      capCheck(
        [{ at: sh('2026-03-02T09:00:00'), result: 68 }],
        now,
        { ...DEFAULT_CAPS, count: 'all' },
        [],
        SH,
      ),
    ).toEqual({ ok: false, reason: 'dailyCap' });
  });
  it('the local day is the account zone day, not UTC', () => {
    // 2026-03-02 07:30 in Shanghai is 03-01 23:30 UTC: still "today" for the account.
    expect(capCheck([{ at: sh('2026-03-02T07:30:00'), result: 22 }], now, DEFAULT_CAPS, [], SH)).toEqual({
      ok: false,
      reason: 'dailyCap',
    });
    expect(capCheck([{ at: sh('2026-03-02T07:30:00'), result: 22 }], now, DEFAULT_CAPS, [], 'UTC')).toEqual({
      ok: true,
    });
  });
  it('3 per 30 local days', () => {
    const h = ['2026-02-01T10:00:00', '2026-02-15T10:00:00', '2026-03-01T10:00:00'].map((s) => ({
      at: sh(s),
      result: 21,
    }));
    expect(capCheck(h, now, DEFAULT_CAPS, [], SH)).toEqual({ ok: false, reason: 'monthlyCap' });
    // 2026-01-31 is 30 days before 03-02: outside today + the 29 days before.
    h[0] = { at: sh('2026-01-31T23:00:00'), result: 21 };
    expect(capCheck(h, now, DEFAULT_CAPS, [], SH)).toEqual({ ok: true });
    expect(capCheck(h, now, { ...DEFAULT_CAPS, perPeriod: null }, [], SH)).toEqual({ ok: true });
  });
  it('day shield until local midnight after a shield level', () => {
    const refused = [{ at: sh('2026-03-02T08:00:00'), result: 65 }];
    expect(capCheck(refused, now, DEFAULT_CAPS, [65], SH)).toEqual({ ok: false, reason: 'dayShield' });
    expect(capCheck(refused, sh('2026-03-03T00:00:00'), DEFAULT_CAPS, [65], SH)).toEqual({ ok: true });
    expect(capCheck(refused, now, DEFAULT_CAPS, [], SH)).toEqual({ ok: true });
  });
  it('no caps at all', () => {
    const many = Array.from({ length: 10 }, () => ({ at: now, result: 21 }));
    expect(capCheck(many, now, { ...DEFAULT_CAPS, perDay: null, perPeriod: null }, [], SH)).toEqual({
      ok: true,
    });
  });
});
