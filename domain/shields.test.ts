import {
  DEFAULT_DIAL_SETTINGS,
  SHIELD_LEVELS,
  badShieldLevel,
  blacklistSearch,
  isShieldLevel,
  localDate,
  normalizeMobile,
  validateDialDefaults,
  validateQuota,
  type DialDefaultsInput,
} from './shields';

const { dayShieldLevels: _l, concurrencyQuota: _q, ...defaults } = DEFAULT_DIAL_SETTINGS;
const form = (over: Partial<DialDefaultsInput>): DialDefaultsInput => ({ ...defaults, ...over });

describe('normalizeMobile', () => {
  it.each([
    ['13812345678', '13812345678'],
    [' 138 1234 5678 ', '13812345678'],
    ['138-1234-5678', '13812345678'],
    ['+8613812345678', '13812345678'],
    ['008613812345678', '13812345678'],
    ['8613812345678', '13812345678'],
    ['12812345678', null],
    ['1381234567', null],
    ['010-12345678', null],
    ['abc', null],
    ['', null],
  ])('%j -> %j', (raw, want) => expect(normalizeMobile(raw)).toBe(want));
});

describe('blacklistSearch', () => {
  it('is a full number, up to 4 digits, or nothing usable', () => {
    expect(blacklistSearch('138 0000 0001')).toEqual({ kind: 'full', phone: '13800000001' });
    expect(blacklistSearch('5678')).toEqual({ kind: 'part', digits: '5678' });
    expect(blacklistSearch('138')).toEqual({ kind: 'part', digits: '138' });
    expect(blacklistSearch('  ')).toBeNull();
    expect(blacklistSearch('1380000')).toBeNull();
    expect(blacklistSearch('12a')).toBeNull();
  });
});

describe('shield levels', () => {
  it('are the grades and the not-connected levels, never blacklist 71', () => {
    expect(SHIELD_LEVELS).toEqual([21, 22, 23, 24, 25, 26, 62, 63, 64, 65, 66, 67, 68, 69, 70, 79, 90]);
    expect(isShieldLevel(71)).toBe(false);
    expect(isShieldLevel(67)).toBe(true);
    expect(isShieldLevel('67')).toBe(false);
    expect(isShieldLevel(21.5)).toBe(false);
  });
  it('reports the first unknown level by index', () => {
    expect(badShieldLevel([67, 68])).toBeNull();
    expect(badShieldLevel([])).toBeNull();
    expect(badShieldLevel([67, 71, 5])).toEqual({ index: 1, value: 71 });
  });
});

describe('validateDialDefaults', () => {
  it('accepts the defaults, no caps, and hours across midnight', () => {
    expect(validateDialDefaults(form({}))).toEqual({});
    expect(validateDialDefaults(form({ capPerDay: null, capPerPeriod: null }))).toEqual({});
    expect(validateDialDefaults(form({ callStart: '22:00', callEnd: '02:00' }))).toEqual({});
    expect(validateDialDefaults(form({ callStart: '09:00', callEnd: '00:00' }))).toEqual({});
    expect(validateDialDefaults(form({ timeZone: 'America/Argentina/Buenos_Aires' }))).toEqual({});
    expect(validateDialDefaults(form({ timeZone: 'UTC', capPerDay: null, capPerPeriod: 2 }))).toEqual({});
  });
  it.each<[Partial<DialDefaultsInput>, Record<string, string>]>([
    [{ callStart: '9:00' }, { callStart: 'time' }],
    [{ callEnd: '24:00' }, { callEnd: 'time' }],
    [{ callStart: '10:00', callEnd: '10:00' }, { callEnd: 'sameStartEnd' }],
    [{ timeZone: 'Mars/Olympus' }, { timeZone: 'timeZone' }],
    [{ timeZone: '+08:00' }, { timeZone: 'timeZone' }],
    [{ timeZone: '' }, { timeZone: 'timeZone' }],
    [{ capPerDay: 0 }, { capPerDay: 'capRange' }],
    [{ capPerDay: -1 }, { capPerDay: 'capRange' }],
    [{ capPerDay: 1.5 }, { capPerDay: 'capRange' }],
    [{ capPerPeriod: 1001 }, { capPerPeriod: 'capRange' }],
    [{ capPerDay: 3, capPerPeriod: 2 }, { capPerPeriod: 'periodBelowDay' }],
    [{ capPeriodDays: 0 }, { capPeriodDays: 'periodDays' }],
    [{ capPeriodDays: 366 }, { capPeriodDays: 'periodDays' }],
    [{ capCount: 'some' as 'all' }, { capCount: 'capCount' }],
    [{ lowBalanceFen: -1 }, { lowBalanceFen: 'lowBalance' }],
    [{ lowBalanceFen: 1_000_000_001 }, { lowBalanceFen: 'lowBalance' }],
  ])('%j is refused: %j', (over, want) => expect(validateDialDefaults(form(over))).toEqual(want));
});

describe('validateQuota', () => {
  it('is null or 1 … the AI seats', () => {
    expect(validateQuota(null, 0)).toBeNull();
    expect(validateQuota(5, 5)).toBeNull();
    expect(validateQuota(6, 5)).toBe('aboveSeats');
    expect(validateQuota(0, 5)).toBe('positiveInt');
    expect(validateQuota(2.5, 5)).toBe('positiveInt');
  });
});

describe('localDate', () => {
  it("is the account's calendar date, not UTC's", () => {
    const t = new Date('2026-03-01T17:30:00Z'); // 01:30 on 2 March in Shanghai
    expect(localDate(t, 'Asia/Shanghai')).toBe('2026-03-02');
    expect(localDate(t, 'UTC')).toBe('2026-03-01');
    expect(localDate(t, 'America/New_York')).toBe('2026-03-01');
  });
});
