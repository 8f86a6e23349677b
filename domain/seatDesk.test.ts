import {
  DISPOSITIONS,
  DISPOSITION_NOTE_MAX,
  currentCallUuid,
  endsWrapUp,
  isDisposition,
  mergeLine,
  secondSubmit,
  validateDisposition,
} from './seatDesk';

describe('validateDisposition', () => {
  it('accepts every disposition with or without a note', () => {
    for (const d of DISPOSITIONS) {
      expect(validateDisposition({ disposition: d })).toEqual({});
      expect(validateDisposition({ disposition: d, note: '下周再联系' })).toEqual({});
    }
  });

  it('refuses a missing, unknown or mistyped disposition', () => {
    expect(validateDisposition({})).toEqual({ disposition: 'required' });
    expect(validateDisposition({ disposition: '' })).toEqual({ disposition: 'required' });
    expect(validateDisposition({ disposition: 'maybe' })).toEqual({ disposition: 'invalid' });
    expect(validateDisposition({ disposition: 3 })).toEqual({ disposition: 'invalid' });
    expect(isDisposition('INTERESTED')).toBe(false);
  });

  it('refuses a note that is not text or is too long (characters, trimmed)', () => {
    expect(validateDisposition({ disposition: 'interested', note: 5 })).toEqual({ note: 'invalid' });
    expect(
      validateDisposition({ disposition: 'interested', note: '好'.repeat(DISPOSITION_NOTE_MAX) }),
    ).toEqual({});
    expect(
      validateDisposition({ disposition: 'interested', note: `  ${'x'.repeat(DISPOSITION_NOTE_MAX)}  ` }),
    ).toEqual({});
    expect(
      validateDisposition({ disposition: 'interested', note: 'x'.repeat(DISPOSITION_NOTE_MAX + 1) }),
    ).toEqual({ note: 'tooLong' });
  });
});

describe('secondSubmit', () => {
  it('is a repeat for the same disposition and note, a conflict otherwise', () => {
    const a = { disposition: 'callBack' as const, note: '明天' };
    expect(secondSubmit(a, { ...a })).toBe('repeat');
    expect(secondSubmit(a, { ...a, note: ' 明天 ' })).toBe('repeat');
    expect(secondSubmit(a, { ...a, note: '后天' })).toBe('conflict');
    expect(secondSubmit(a, { ...a, disposition: 'interested' })).toBe('conflict');
  });
});

describe('the current call of a seat state', () => {
  it('is the call while busy or wrapping up, none while idle', () => {
    expect(currentCallUuid({ activity: 'busy', callUuid: 'u1' })).toBe('u1');
    expect(currentCallUuid({ activity: 'wrapup', callUuid: 'u1' })).toBe('u1');
    expect(currentCallUuid({ activity: 'idle', callUuid: 'u1' })).toBeNull();
  });

  it('a disposition ends wrap-up only of the same call', () => {
    expect(endsWrapUp({ activity: 'wrapup', callUuid: 'u1' }, 'u1')).toBe(true);
    expect(endsWrapUp({ activity: 'wrapup', callUuid: 'u2' }, 'u1')).toBe(false);
    expect(endsWrapUp({ activity: 'busy', callUuid: 'u1' }, 'u1')).toBe(false);
    expect(endsWrapUp({ activity: 'idle', callUuid: null }, 'u1')).toBe(false);
  });
});

describe('mergeLine', () => {
  const line = (seq: number, khcontent: string) => ({
    seq,
    khtype: 'customer' as const,
    khcontent,
    khvoicepath: [],
    loseFlag: false,
    inserttime: '2026-11-23T00:00:00.000Z',
    reduceNoiseRate: null,
    reason: null,
  });

  it('appends, replaces a merged line, and puts a late line in seq order', () => {
    const a = [line(1, 'a'), line(2, 'b')];
    expect(mergeLine(a, line(3, 'c')).map((l) => l.khcontent)).toEqual(['a', 'b', 'c']);
    expect(mergeLine(a, line(2, 'b，c')).map((l) => l.khcontent)).toEqual(['a', 'b，c']);
    expect(mergeLine([line(1, 'a'), line(3, 'c')], line(2, 'b')).map((l) => l.seq)).toEqual([1, 2, 3]);
    expect(mergeLine([], line(5, 'x'))).toHaveLength(1);
    expect(a).toHaveLength(2);
  });
});
