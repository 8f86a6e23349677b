import {
  blockedAddressReason,
  formatHeaderLines,
  gradeMatches,
  headerProblem,
  isRetryableStatus,
  paramProblem,
  parseHeaderLines,
  parseIPv6,
  parseParamsText,
  retryDelay,
  validateAddress,
  type PushAddressInput,
} from './pushes';

describe('blocked address ranges (SSRF guard)', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fe80::1', 'linkLocal'],
    ['fe80::1%eth0', 'linkLocal'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'linkLocal'],
    ['64:ff9b::a9fe:a9fe', 'linkLocal'],
    ['2002:c0a8:0101::1', 'private'],
    ['not-an-ip', 'invalid'],
    ['1.2.3', 'invalid'],
    ['01.2.3.4', 'invalid'],
  ])('%s is %s', (ip, reason) => expect(blockedAddressReason(ip)).toBe(reason));

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '172.15.255.255',
    '100.128.0.1',
    '93.184.216.34',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
  ])('%s is public', (ip) => expect(blockedAddressReason(ip)).toBeNull());

  it('parses IPv6 forms', () => {
    expect(parseIPv6('1::')).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
    expect(parseIPv6('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(parseIPv6('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x102, 0x304]);
    expect(parseIPv6('1:2:3:4:5:6:7:8:9')).toBeNull();
    expect(parseIPv6('1::2::3')).toBeNull();
    expect(parseIPv6(':1')).toBeNull();
    expect(parseIPv6('g::1')).toBeNull();
    expect(parseIPv6('1.2.3.4')).toBeNull();
  });
});

describe('Header and Param', () => {
  it('reads Name: value lines and writes them back', () => {
    const r = parseHeaderLines('Authorization: Bearer abc\n\n  X-Tenant:  42 \n');
    expect(r).toEqual({ headers: { Authorization: 'Bearer abc', 'X-Tenant': '42' } });
    expect(formatHeaderLines({ Authorization: 'Bearer abc', 'X-Tenant': '42' })).toBe(
      'Authorization: Bearer abc\nX-Tenant: 42',
    );
  });

  it.each([
    ['', 'required'],
    ['no colon here', 'name'],
    [': value', 'name'],
    ['Bad Name: x', 'name'],
    ['Host: evil', 'reserved'],
    ['content-length: 1', 'reserved'],
    ['X-Push-Signature: forged', 'reserved'],
    ['A: 1\na: 2', 'duplicate'],
    ['A:', 'value'],
    ['A: 中文', 'value'],
  ])('refuses header text %j (%s)', (text, problem) => expect(parseHeaderLines(text)).toEqual({ problem }));

  it('refuses CR/LF in a header value and too many headers', () => {
    expect(headerProblem({ A: 'x\r\nB: y' })).toBe('value');
    expect(headerProblem(Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`H${i}`, 'v'])))).toBe(
      'tooMany',
    );
  });

  it('reads Param as a JSON object', () => {
    expect(parseParamsText('{"appKey":"k1","tenant":7,"live":true}')).toEqual({
      params: { appKey: 'k1', tenant: 7, live: true },
    });
  });

  it.each([
    ['', 'required'],
    ['{}', 'required'],
    ['{', 'json'],
    ['[1]', 'json'],
    ['"x"', 'json'],
    ['{"a b":1}', 'key'],
    ['{"a":null}', 'value'],
    ['{"a":{"b":1}}', 'value'],
    [`{"a":"${'x'.repeat(501)}"}`, 'value'],
  ])('refuses Param %j (%s)', (text, problem) => expect(parseParamsText(text)).toEqual({ problem }));

  it('refuses non-finite numbers', () => expect(paramProblem({ a: Infinity })).toBe('value'));
});

describe('the address form', () => {
  const good: PushAddressInput = {
    name: 'CRM',
    url: 'https://crm.example.com/hook?x=1',
    params: { appKey: 'k' },
    headers: { Authorization: 'Bearer t' },
    grades: [21, 22],
    enabled: true,
  };
  it('accepts a complete address', () => expect(validateAddress(good)).toEqual({}));
  it.each([
    [{ name: '' }, { name: 'required' }],
    [{ name: 'a' }, { name: 'minLength2' }],
    [{ name: 'x'.repeat(65) }, { name: 'tooLong' }],
    [{ url: '' }, { url: 'required' }],
    [{ url: 'ftp://crm.example.com' }, { url: 'url' }],
    [{ url: 'crm.example.com/hook' }, { url: 'url' }],
    [{ url: 'http://' }, { url: 'url' }],
    [{ url: 'http://user:pw@crm.example.com/' }, { url: 'url' }],
    [{ params: {} }, { params: 'required' }],
    [{ headers: {} }, { headers: 'required' }],
    [{ grades: [27] }, { grades: 'grades' }],
    [{ grades: [21, 21] }, { grades: 'grades' }],
  ])('%j gives %j', (over, want) => expect(validateAddress({ ...good, ...over })).toEqual(want));
});

describe('grades and retries', () => {
  it('an empty grade list takes every call; a list takes only its grades', () => {
    expect(gradeMatches([], null)).toBe(true);
    expect(gradeMatches([], 23)).toBe(true);
    expect(gradeMatches([21, 22], 22)).toBe(true);
    expect(gradeMatches([21, 22], 23)).toBe(false);
    expect(gradeMatches([21], null)).toBe(false);
  });

  it('retries network errors, 5xx and 429 only', () => {
    expect([null, 500, 502, 503, 429].map(isRetryableStatus)).toEqual([true, true, true, true, true]);
    expect([400, 401, 404, 301, 422].map(isRetryableStatus)).toEqual([false, false, false, false, false]);
  });

  it('waits by the table after each failed try, then gives up', () => {
    const d = [10, 30, 120];
    expect([1, 2, 3, 4].map((a) => retryDelay(a, d))).toEqual([10, 30, 120, null]);
    expect(retryDelay(0, d)).toBeNull();
  });
});
