import {
  controlCharIndex,
  hasMinChars,
  isCalendarDay,
  isDateText,
  isDayText,
  isId,
  isPgTimestampText,
  MAX_ID,
  idCardCheckChar,
  isAccountName,
  isCallTime,
  isChineseIdCard,
  isEmail,
  isHotWord,
  isHotWordList,
  isIPv4WithMask,
  isMobile,
  isPassword,
  isSendRate,
  isServiceNumber,
  isUrl,
  usernameHasIllegalChars,
} from './validators';

describe('isMobile', () => {
  it.each(['13800138000', '19912345678', '15000000000'])('accepts %s', (s) => expect(isMobile(s)).toBe(true));
  it.each(['12800138000', '1380013800', '138001380000', '23800138000', '1380013800a', ' 13800138000', ''])(
    'rejects %j',
    (s) => expect(isMobile(s)).toBe(false),
  );
});

describe('isAccountName / isPassword / isEmail', () => {
  it('account: 6 to 32 letters or digits', () => {
    expect(isAccountName('abc123')).toBe(true);
    expect(isAccountName('abc12')).toBe(false);
    expect(isAccountName('abc_123')).toBe(false);
    expect(isAccountName('a'.repeat(33))).toBe(false);
  });
  it('password: 6 to 128 characters', () => {
    expect(isPassword('123456')).toBe(true);
    expect(isPassword('12345')).toBe(false);
    expect(isPassword('x'.repeat(129))).toBe(false);
  });
  it('email: one @ and a dotted domain', () => {
    expect(isEmail('a.b@example.com')).toBe(true);
    expect(isEmail('a@localhost')).toBe(false);
    expect(isEmail('a b@example.com')).toBe(false);
    expect(isEmail('a@@example.com')).toBe(false);
  });
});

describe('isUrl', () => {
  it.each([
    'http://example.com',
    'https://example.com/push?a=1#x',
    'HTTPS://Example.COM:8443/',
    'http://127.0.0.1:8080/api',
    'http://[::1]:3000/',
    'http://localhost',
    'https://例子.中国/path',
  ])('accepts %s', (s) => expect(isUrl(s)).toBe(true));
  it.each([
    '',
    'example.com',
    'ftp://example.com',
    'http://',
    'http:/example.com',
    'http://exa mple.com',
    'http://user@example.com',
    'http://example..com',
    'http://-bad.com',
    'http://256.1.1.1',
    'http://1.2.3',
    'http://example.com:0',
    'http://example.com:70000',
    'javascript:alert(1)',
  ])('rejects %j', (s) => expect(isUrl(s)).toBe(false));
});

describe('usernameHasIllegalChars', () => {
  it('allows word characters and slashes', () => {
    expect(usernameHasIllegalChars('user_01/sub')).toBe(false);
    expect(usernameHasIllegalChars('')).toBe(false);
  });
  it.each(['user name', 'user-01', 'a.b', '用户', 'x@y', 'tab\t'])('flags %j', (s) =>
    expect(usernameHasIllegalChars(s)).toBe(true),
  );
});

describe('isChineseIdCard', () => {
  const now = new Date(2026, 10, 22); // 2026-11-22 local
  /** A valid 18-character number for the given province and birthday. */
  const make = (province: string, birth: string): string => {
    const first17 = `${province}0105${birth}002`;
    return first17 + idCardCheckChar(first17);
  };

  it('accepts the published sample 11010519491231002X, with X in either case', () => {
    expect(isChineseIdCard('11010519491231002X', now)).toBe(true);
    expect(isChineseIdCard('11010519491231002x', now)).toBe(true);
  });
  it('computes the MOD 11-2 check character', () => {
    expect(idCardCheckChar('11010519491231002')).toBe('X');
    expect(idCardCheckChar('44052418800101001')).toBe('4');
  });
  it('rejects a wrong check character', () => {
    expect(isChineseIdCard('110105194912310021', now)).toBe(false);
    expect(isChineseIdCard('110105194912310020', now)).toBe(false);
  });
  it('rejects wrong lengths and characters', () => {
    expect(isChineseIdCard('', now)).toBe(false);
    expect(isChineseIdCard('11010519491231002', now)).toBe(false);
    expect(isChineseIdCard('11010519491231002XX', now)).toBe(false);
    expect(isChineseIdCard('1101051949123100X2', now)).toBe(false);
    expect(isChineseIdCard('11010549123100X', now)).toBe(false);
  });
  it('requires a GB/T 2260 province prefix', () => {
    for (const p of ['11', '15', '23', '37', '46', '54', '65', '71', '81', '82'])
      expect(isChineseIdCard(make(p, '19900101'), now)).toBe(true);
    for (const p of ['00', '10', '16', '20', '24', '30', '38', '47', '55', '66', '72', '83', '91', '99'])
      expect(isChineseIdCard(make(p, '19900101'), now)).toBe(false);
  });
  it('requires a real birthday', () => {
    expect(isChineseIdCard(make('11', '20000229'), now)).toBe(true); // leap day
    expect(isChineseIdCard(make('11', '19000229'), now)).toBe(false); // 1900 was no leap year
    expect(isChineseIdCard(make('11', '19900230'), now)).toBe(false);
    expect(isChineseIdCard(make('11', '19901301'), now)).toBe(false);
    expect(isChineseIdCard(make('11', '19900001'), now)).toBe(false);
    expect(isChineseIdCard(make('11', '19900100'), now)).toBe(false);
  });
  it('requires an age of 0 to 100 on the given day', () => {
    expect(isChineseIdCard(make('11', '20261122'), now)).toBe(true); // born today: age 0
    expect(isChineseIdCard(make('11', '20261123'), now)).toBe(false); // born tomorrow
    expect(isChineseIdCard(make('11', '19261122'), now)).toBe(true); // 100 today
    expect(isChineseIdCard(make('11', '19251123'), now)).toBe(true); // 100, turns 101 tomorrow
    expect(isChineseIdCard(make('11', '19251122'), now)).toBe(false); // 101 today
    expect(isChineseIdCard('440524188001010014', now)).toBe(false); // valid check digit, but 146 years old
  });
  it('accepts 15-digit first-generation numbers (19yy)', () => {
    expect(isChineseIdCard('110105491231002', now)).toBe(true);
    expect(isChineseIdCard('110105490231002', now)).toBe(false); // 31 February
    expect(isChineseIdCard('100105491231002', now)).toBe(false); // province 10
    expect(isChineseIdCard('110105201231002', now)).toBe(false); // 1920-12-31: 105 years old
  });
  it('defaults now to the current date', () => {
    expect(isChineseIdCard('11010519491231002X')).toBe(new Date().getFullYear() - 1949 <= 100);
  });
});

describe('isIPv4WithMask', () => {
  it.each(['0.0.0.0', '255.255.255.255', '192.168.1.10', '10.0.0.0/8', '10.0.0.0/0', '1.2.3.4/32'])(
    'accepts %s',
    (s) => expect(isIPv4WithMask(s)).toBe(true),
  );
  it.each([
    '',
    '256.0.0.1',
    '1.2.3',
    '1.2.3.4.5',
    '01.2.3.4',
    '1.2.3.004',
    '1.2.3.4/33',
    '1.2.3.4/',
    '1.2.3.4/08',
    '1.2.3.4/-1',
    ' 1.2.3.4',
    '1.2.3.a',
    '0x7f.0.0.1',
  ])('rejects %j', (s) => expect(isIPv4WithMask(s)).toBe(false));
});

describe('isSendRate', () => {
  it.each(['1/1', '10/1', '30/60'])('accepts %s', (s) => expect(isSendRate(s)).toBe(true));
  it.each(['', '0/1', '1/0', '01/1', '1.5/1', '-1/1', '1/', '/1', '1/1/1', '1 / 1', 'a/b'])(
    'rejects %j',
    (s) => expect(isSendRate(s)).toBe(false),
  );
});

describe('small rules', () => {
  it('isCallTime: HH:mm', () => {
    expect(isCallTime('00:00')).toBe(true);
    expect(isCallTime('23:59')).toBe(true);
    expect(isCallTime('24:00')).toBe(false);
    expect(isCallTime('9:00')).toBe(false);
    expect(isCallTime('09:60')).toBe(false);
  });
  it('isServiceNumber: at least 2 digits', () => {
    expect(isServiceNumber('10')).toBe(true);
    expect(isServiceNumber('1')).toBe(false);
    expect(isServiceNumber('1a')).toBe(false);
  });
  it('hasMinChars counts characters, not UTF-16 units, after trimming', () => {
    expect(hasMinChars('场景', 2)).toBe(true);
    expect(hasMinChars(' a ', 2)).toBe(false);
    expect(hasMinChars('😀', 2)).toBe(false);
  });
  it('isHotWord: 1 to 10 Chinese characters', () => {
    expect(isHotWord('贷款')).toBe(true);
    expect(isHotWord('一二三四五六七八九十')).toBe(true);
    expect(isHotWord('一二三四五六七八九十一')).toBe(false);
    expect(isHotWord('')).toBe(false);
    expect(isHotWord('loan')).toBe(false);
    expect(isHotWord('贷款!')).toBe(false);
  });
  it('isHotWordList: comma separated hot words', () => {
    expect(isHotWordList('贷款,利率，房产')).toBe(true);
    expect(isHotWordList('贷款')).toBe(true);
    expect(isHotWordList('贷款,,利率')).toBe(false);
    expect(isHotWordList('贷款,')).toBe(false);
    expect(isHotWordList('贷款, 利率')).toBe(false);
  });
});

describe('edge rules: dates, cursor keys, control characters, ids', () => {
  it('isCalendarDay knows month lengths and leap years', () => {
    expect(isCalendarDay(2024, 2, 29)).toBe(true);
    expect(isCalendarDay(2026, 2, 29)).toBe(false);
    expect(isCalendarDay(2000, 2, 29)).toBe(true);
    expect(isCalendarDay(1900, 2, 29)).toBe(false);
    expect(isCalendarDay(2026, 4, 31)).toBe(false);
    expect(isCalendarDay(2026, 12, 31)).toBe(true);
    expect(isCalendarDay(0, 1, 1)).toBe(false);
    expect(isCalendarDay(10000, 1, 1)).toBe(false);
  });
  it.each([
    '2026-02-28',
    '2024-02-29',
    '2026-11-26T18:43:12.000Z',
    '2026-11-26T18:43:12Z',
    '2026-11-26 18:43:12',
    '2026-11-26T18:43',
    '2026-11-26T18:43:12+08:00',
    '2026-11-26T18:43:12-0530',
    '9999-12-31',
  ])('isDateText accepts %j', (s) => expect(isDateText(s)).toBe(true));
  it.each([
    '2026-02-31',
    '0000-01-01',
    '2026-99-99',
    '2026-13-01',
    '2026-00-10',
    '2026-01-00',
    '1899-12-31',
    '+275760-09-13',
    '10000-01-01',
    '2026-01-01T24:00',
    '2026-01-01T23:60',
    '2026-01-01T23:59:60',
    '2026-01-01T12:00+15:00',
    '2026-01-01T1',
    '2026-1-1',
    '2026-01-01x',
    ' 2026-01-01',
    '',
    'NaN',
  ])('isDateText refuses %j', (s) => expect(isDateText(s)).toBe(false));
  it('isDateText: timeRequired refuses a bare day; isDayText refuses a time', () => {
    expect(isDateText('2026-01-01', { timeRequired: true })).toBe(false);
    expect(isDateText('2026-01-01T10:00Z', { timeRequired: true })).toBe(true);
    expect(isDayText('2026-01-01')).toBe(true);
    expect(isDayText('2026-01-01T10:00Z')).toBe(false);
    expect(isDayText('2026-02-30')).toBe(false);
  });
  it('isPgTimestampText takes PostgreSQL timestamptz text only, real instants only', () => {
    expect(isPgTimestampText('2026-01-02 03:04:05.123456+00')).toBe(true);
    expect(isPgTimestampText('2026-01-02 03:04:05+05:30')).toBe(true);
    expect(isPgTimestampText('2026-02-31 03:04:05+00')).toBe(false);
    expect(isPgTimestampText('2026-99-99 25:99:99+00')).toBe(false);
    expect(isPgTimestampText('0000-01-01 00:00:00+00')).toBe(false);
    expect(isPgTimestampText('2026-01-02T03:04:05Z')).toBe(false);
    expect(isPgTimestampText('2026-01-02 03:04:05.1234567+00')).toBe(false);
  });
  it('controlCharIndex refuses NUL, C0 and DEL; tab and newlines only in multi-line text', () => {
    expect(controlCharIndex('plain 中文 text')).toBe(-1);
    expect(controlCharIndex('a\u0000b')).toBe(1);
    expect(controlCharIndex('\u0001')).toBe(0);
    expect(controlCharIndex('x\u001fy')).toBe(1);
    expect(controlCharIndex('x\u007f')).toBe(1);
    expect(controlCharIndex('line 1\nline 2\r\n\tend')).toBe(-1);
    expect(controlCharIndex('line 1\nline 2', true)).toBe(6);
    expect(controlCharIndex('\u0085\u2028')).toBe(-1); // not C0: left to the field's own rules
  });
  it('isId: a positive safe integer', () => {
    expect(isId(1)).toBe(true);
    expect(isId(MAX_ID)).toBe(true);
    expect(isId(MAX_ID + 1)).toBe(false);
    expect(isId(0)).toBe(false);
    expect(isId(-1)).toBe(false);
    expect(isId(1.5)).toBe(false);
    expect(isId(Number.NaN)).toBe(false);
    expect(isId(Infinity)).toBe(false);
  });
});
