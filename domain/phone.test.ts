import { normalizeMobile, normalizePhone, parsePhone, phoneKindOf, toHalfWidth } from './phone';

describe('parsePhone', () => {
  it.each([
    // mobiles in the forms people type, paste or export
    ['13800000001', '13800000001', 'mobile'],
    ['138 0000 0001', '13800000001', 'mobile'],
    ['138-0000-0001', '13800000001', 'mobile'],
    ['(138)0000-0001', '13800000001', 'mobile'],
    ['+86 138 0000 0001', '13800000001', 'mobile'],
    ['+86-13800000001', '13800000001', 'mobile'],
    ['+8613800000001', '13800000001', 'mobile'],
    ['0086 13800000001', '13800000001', 'mobile'],
    ['008613800000001', '13800000001', 'mobile'],
    ['86-13800000001', '13800000001', 'mobile'],
    ['8613800000001', '13800000001', 'mobile'],
    ['  13800000001\t', '13800000001', 'mobile'],
    ['１３８００００００01', '13800000001', 'mobile'],
    ['１３８　００００　０００１', '13800000001', 'mobile'],
    ['＋８６　１３８－００００－０００１', '13800000001', 'mobile'],
    ['（１３８）００００００01', '13800000001', 'mobile'],
    ['138.0000.0001', '13800000001', 'mobile'],
    ['19912345678', '19912345678', 'mobile'],
    // fixed lines with their area code
    ['010-12345678', '01012345678', 'landline'],
    ['(010) 8888-6666', '01088886666', 'landline'],
    ['0755 1234 5678', '075512345678', 'landline'],
    ['0371-1234567', '03711234567', 'landline'],
    ['+86 10 1234 5678', '01012345678', 'landline'],
    ['+86 755 12345678', '075512345678', 'landline'],
    ['+86 010 12345678', '01012345678', 'landline'],
    ['０１０－１２３４５６７８', '01012345678', 'landline'],
    // 400 / 800 service numbers: valid, not mobile
    ['400-123-4567', '4001234567', 'service'],
    ['800 820 8820', '8008208820', 'service'],
    ['+86 400 123 4567', '4001234567', 'service'],
    ['４００１２３４５６７', '4001234567', 'service'],
  ])('%j → %s (%s)', (raw, digits, kind) => expect(parsePhone(raw)).toEqual({ digits, kind }));

  it.each([
    '',
    '   ',
    'abc123',
    '12345',
    '12812345678', // second digit 2
    '1380000000', // 10 digits
    '138000000012', // 12 digits starting with 1
    '12345678', // a local number without area code
    '4001234', // a service number cut short
    '=1+2',
    '138****0001',
    'bm90IGFlcw==',
    '+1 415 555 0100', // not a mainland number
    '86-1380000000',
  ])('%j is invalid', (raw) => expect(parsePhone(raw).kind).toBe('invalid'));
});

describe('the helpers', () => {
  it('normalizePhone keeps every valid kind, normalizeMobile only mobiles', () => {
    expect(normalizePhone('+86 138 0000 0001')).toBe('13800000001');
    expect(normalizePhone('010-12345678')).toBe('01012345678');
    expect(normalizePhone('400-123-4567')).toBe('4001234567');
    expect(normalizePhone('12345')).toBeNull();
    expect(normalizeMobile('１３８００００００01')).toBe('13800000001');
    expect(normalizeMobile('010-12345678')).toBeNull();
    expect(normalizeMobile('400-123-4567')).toBeNull();
  });

  it('phoneKindOf classifies digits as stored', () => {
    expect(phoneKindOf('13800000001')).toBe('mobile');
    expect(phoneKindOf('01012345678')).toBe('landline');
    expect(phoneKindOf('8001234567')).toBe('service');
    expect(phoneKindOf('9999')).toBe('invalid');
  });

  it('toHalfWidth turns full-width digits, signs and the ideographic space to ASCII', () => {
    expect(toHalfWidth('＋８６　１３８（Ａ）')).toBe('+86 138(A)');
  });
});
