import {
  instantsAtWall,
  isTimeZone,
  localDay,
  localMs,
  offsetChanges,
  offsetMs,
  weekdayOfDay,
} from './localTime';

describe('localTime', () => {
  it('reads wall time and offsets', () => {
    const t = Date.UTC(2026, 2, 2, 1, 2, 3, 456);
    expect(localMs(t, 'Asia/Shanghai')).toBe(Date.UTC(2026, 2, 2, 9, 2, 3, 456));
    expect(offsetMs(t, 'Asia/Shanghai')).toBe(8 * 3_600_000);
    expect(offsetMs(t, 'Asia/Kolkata')).toBe(5.5 * 3_600_000);
  });
  it('numbers local days and weekdays', () => {
    expect(weekdayOfDay(0)).toBe(4); // 1970-01-01 Thursday
    expect(weekdayOfDay(localDay(Date.UTC(2026, 2, 2, 1), 'Asia/Shanghai'))).toBe(1); // Monday
    expect(weekdayOfDay(localDay(Date.UTC(2026, 2, 1, 20), 'Asia/Shanghai'))).toBe(1); // 04:00 Monday local
    expect(weekdayOfDay(-1)).toBe(3);
  });
  it('maps wall time to instants across DST', () => {
    const wall = (h: number, m: number, d: number, mo: number): number => Date.UTC(2026, mo, d, h, m);
    expect(instantsAtWall(wall(2, 30, 29, 2), 'Europe/Berlin')).toEqual([]); // skipped hour
    expect(instantsAtWall(wall(2, 30, 25, 9), 'Europe/Berlin')).toEqual([
      Date.UTC(2026, 9, 25, 0, 30),
      Date.UTC(2026, 9, 25, 1, 30),
    ]);
    expect(instantsAtWall(wall(9, 0, 2, 2), 'Asia/Shanghai')).toEqual([Date.UTC(2026, 2, 2, 1)]);
  });
  it('finds offset changes', () => {
    expect(offsetChanges(Date.UTC(2026, 2, 27), Date.UTC(2026, 2, 31), 'Europe/Berlin')).toEqual([
      Date.UTC(2026, 2, 29, 1),
    ]);
    expect(offsetChanges(Date.UTC(2026, 2, 27), Date.UTC(2026, 2, 31), 'Asia/Shanghai')).toEqual([]);
  });
  it('knows zones', () => {
    expect(isTimeZone('Asia/Shanghai')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
  it('stays exact past the size of its memory of recent answers', () => {
    // 10,000 instants an hour apart across New York's DST changes, read twice: the memory keeps at
    // most 4,096 per zone, so the second pass mixes remembered and recomputed answers.
    const start = Date.UTC(2026, 0, 1);
    const hours = Array.from({ length: 10_000 }, (_, i) => start + i * 3_600_000 + 17);
    const first = hours.map((t) => offsetMs(t, 'America/New_York'));
    expect(new Set(first)).toEqual(new Set([-5 * 3_600_000, -4 * 3_600_000]));
    const again = [...hours].reverse().map((t) => offsetMs(t, 'America/New_York'));
    expect(again.reverse()).toEqual(first);
    // July is daylight time (-4 h), January standard (-5 h).
    expect(offsetMs(Date.UTC(2026, 6, 1), 'America/New_York')).toBe(-4 * 3_600_000);
    expect(offsetMs(Date.UTC(2026, 0, 15), 'America/New_York')).toBe(-5 * 3_600_000);
  });
});
