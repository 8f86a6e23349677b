import { emptyTaskInput, normalisePeriods, splitPhoneLines, validateTask, type TaskInput } from './tasks';

const valid = (over: Partial<TaskInput> = {}): TaskInput => ({
  ...emptyTaskInput('single', '2026-11-23'),
  name: '任务一',
  botId: 1,
  lineId: 2,
  ...over,
});

describe('validateTask (SPEC §5)', () => {
  it('accepts a complete form', () => {
    expect(validateTask(valid(), { aiSeats: 5 })).toEqual({});
  });

  it.each<[Partial<TaskInput>, Record<string, string>]>([
    [{ name: '' }, { name: 'required' }],
    [{ name: ' 甲 ' }, { name: 'minLength2' }],
    [{ name: 'x'.repeat(65) }, { name: 'tooLong' }],
    [{ botId: null }, { botId: 'required' }],
    [{ lineId: null }, { lineId: 'required' }],
    [{ robots: 0 }, { robots: 'robotsMin' }],
    [{ robots: 6 }, { robots: 'robotsOverSeats' }],
    [{ startDate: '' }, { startDate: 'required' }],
    [{ startDate: '2026-13-01' }, { startDate: 'date' }],
    [{ callPeriods: [] }, { callPeriods: 'required' }],
    [{ callPeriods: [' '] }, { callPeriods: 'required' }],
    [{ callPeriods: ['9:00-10:00'] }, { callPeriods: 'period.format' }],
    [{ callPeriods: ['09:00-09:00'] }, { callPeriods: 'period.sameStartEnd' }],
    [{ callPeriods: ['09:00-12:00', '10:00-11:00'] }, { callPeriods: 'period.overlap' }],
    [{ noCallPeriods: ['x'] }, { noCallPeriods: 'period.format' }],
    [{ weekdays: [0] }, { weekdays: 'weekdays' }],
    [{ weekdays: [1, 1] }, { weekdays: 'weekdays' }],
    [{ failHangupCount: -1 }, { failHangupCount: 'nonNegative' }],
    [
      { redial: { enabled: true, count: 6, intervalMinutes: 1, levels: [67] } },
      { 'redial.count': 'redial.count' },
    ],
    [
      { redial: { enabled: true, count: 1, intervalMinutes: -1, levels: [67] } },
      { 'redial.intervalMinutes': 'redial.interval' },
    ],
    [
      { redial: { enabled: true, count: 1, intervalMinutes: 1, levels: [] } },
      { 'redial.levels': 'redial.levels' },
    ],
    [{ pushUrl: 'nope' }, { pushUrl: 'url' }],
    [{ pushGrades: [99] }, { pushGrades: 'grades' }],
  ])('%j -> %j', (over, problems) => {
    expect(validateTask(valid(over), { aiSeats: 5 })).toEqual(problems);
  });

  it('skips the seat check when the seats are unknown, and off redial settings', () => {
    expect(validateTask(valid({ robots: 100 }))).toEqual({});
    expect(
      validateTask(valid({ redial: { enabled: false, count: 99, intervalMinutes: -1, levels: [] } })),
    ).toEqual({});
  });
});

describe('helpers', () => {
  it('normalises periods and splits pasted lines', () => {
    expect(normalisePeriods([' 09:00 - 12:00', '', '14:00~18:00'])).toEqual(['09:00-12:00', '14:00-18:00']);
    expect(splitPhoneLines('13800000001\r\n"13800000002",张三\n\n 021-1234567 \t x')).toEqual([
      '13800000001',
      '13800000002',
      '021-1234567',
    ]);
    // Chinese input methods type the full-width comma; a +86 number keeps its spaces for the normaliser.
    expect(splitPhoneLines('13800000003，李四\n+86 138 0000 0004；x')).toEqual([
      '13800000003',
      '+86 138 0000 0004',
    ]);
  });
});
