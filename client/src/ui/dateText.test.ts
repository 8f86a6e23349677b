import { dateToTime, formatLocal, fromPickerValue, parseLocal, timeToDate, toPickerValue } from './dateText';

describe('date text for the pickers', () => {
  it('passes our values to the picker and back without moving the wall clock', () => {
    expect(toPickerValue('2026-11-27', false)).toBe('2026-11-27');
    expect(toPickerValue('2026-11-27T09:30', true)).toBe('2026-11-27T09:30');
    expect(toPickerValue('', true)).toBeNull();
    expect(toPickerValue('27/11/2026', false)).toBeNull();
    expect(fromPickerValue('2026-11-27T09:30+08:00', true)).toBe('2026-11-27T09:30');
    expect(fromPickerValue('2026-11-27T09:30:15.000-05:00', true)).toBe('2026-11-27T09:30');
    expect(fromPickerValue('2026-11-27', false)).toBe('2026-11-27');
    expect(fromPickerValue(null, false)).toBe('');
  });

  it('reads and writes 24-hour times', () => {
    const d = timeToDate('18:05')!;
    expect(d.getHours()).toBe(18);
    expect(dateToTime(d)).toBe('18:05');
    expect(dateToTime(timeToDate('00:00')!)).toBe('00:00');
    expect(timeToDate('24:00')).toBeNull();
    expect(timeToDate('7pm')).toBeNull();
  });

  it('parses typed text strictly in the display format', () => {
    expect(formatLocal(parseLocal('2026-02-03 17:45', true)!, true)).toBe('2026-02-03 17:45');
    expect(formatLocal(parseLocal('2026-2-3', false)!, false)).toBe('2026-02-03');
    expect(parseLocal('2026-02-30', false)).toBeNull();
    expect(parseLocal('2026-02-03 25:00', true)).toBeNull();
    expect(parseLocal('02/03/2026', false)).toBeNull();
  });
});
