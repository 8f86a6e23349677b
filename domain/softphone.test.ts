import { dialNumberProblem, isDialNumber, normalizeDialNumber, outcomeOf, talkSeconds } from './softphone';

describe('softphone dial numbers (SPEC §5: "number dialed is incorrect")', () => {
  it.each([
    '13800138000',
    '+86 138-0013-8000',
    '010-88886666',
    '02188886666',
    '4008001234',
    '10086',
    '9999',
    '8101',
  ])('accepts %s', (n) => expect(isDialNumber(n)).toBe(true));
  it.each([
    '',
    '12',
    '1380013800',
    '12800138000',
    'abc',
    '138001380001',
    '0000000',
    '13800a38000',
    '*21#',
    '01234',
  ])('refuses %s', (n) => expect(isDialNumber(n)).toBe(false));
  it('normalises what people type', () => {
    expect(normalizeDialNumber(' +86 138 0013 8000 ')).toBe('13800138000');
    expect(normalizeDialNumber('(010) 8888-6666')).toBe('01088886666');
  });
  it('names the form problem', () => {
    expect(dialNumberProblem('')).toBe('required');
    expect(dialNumberProblem(12)).toBe('required');
    expect(dialNumberProblem('12')).toBe('number');
    expect(dialNumberProblem('13800138000')).toBeUndefined();
  });
  it('counts talk seconds from answer to end', () => {
    expect(talkSeconds(new Date(0), new Date(61_400))).toBe(61);
    expect(talkSeconds(null, new Date(1000))).toBe(0);
    expect(talkSeconds(new Date(5000), new Date(1000))).toBe(0);
  });
  it('names how a call ended', () => {
    expect(outcomeOf('in', true, true)).toBe('answered');
    expect(outcomeOf('in', false, true)).toBe('rejected');
    expect(outcomeOf('in', false, false)).toBe('missed');
    expect(outcomeOf('out', false, true)).toBe('cancelled');
    expect(outcomeOf('out', false, false)).toBe('failed');
    expect(outcomeOf('out', true, false)).toBe('answered');
  });
});
