import { validateSeat } from '../../../../domain/seats';
import { clock, hasProblems, idOf, problemKeys } from './form';

describe('seat form helpers', () => {
  it('maps the shared rules to seats:validation keys', () => {
    const p = validateSeat({
      name: 'a',
      type: 'extension',
      groupId: 1,
      userId: 2,
      extension: '1',
      authName: 'abc',
      authPassword: '',
    });
    expect(problemKeys(p)).toEqual({
      name: 'seats:validation.name',
      extension: 'seats:validation.extension',
      authName: 'seats:validation.min6',
      authPassword: 'seats:validation.required',
    });
    expect(hasProblems(p)).toBe(true);
    expect(hasProblems({})).toBe(false);
  });

  it('reads select values and formats durations', () => {
    expect(idOf('')).toBeNull();
    expect(idOf('12')).toBe(12);
    expect(idOf('0')).toBeNull();
    expect(clock(0)).toBe('0:00');
    expect(clock(65_400)).toBe('1:05');
    expect(clock(3_661_000)).toBe('1:01:01');
  });
});
