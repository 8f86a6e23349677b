import {
  callStatusText,
  displayGradeText,
  outcomeOf,
  outcomeText,
  resultLevelText,
  resultResources,
  RESULT_LEVEL_TEXT,
} from './resultLabels';

describe('result labels (SPEC §4)', () => {
  it('names every result level in both languages', () => {
    const codes = [21, 22, 23, 24, 25, 26, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 79, 90];
    expect(
      Object.keys(RESULT_LEVEL_TEXT)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(codes);
    for (const c of codes) {
      expect(resultLevelText(c, 'zh-CN')).not.toBe('');
      expect(resultLevelText(c, 'en')).toMatch(/^[A-Z]/);
    }
    expect(resultLevelText(63, 'zh-CN')).toBe('空号');
    expect(resultLevelText(62, 'en')).toBe('Shutdown');
    expect(resultLevelText(79, 'en')).toBe('Incoming restricted');
    expect(resultLevelText(5, 'en')).toBe('');
    expect(resultLevelText(null, 'en')).toBe('');
  });

  it('reads grade codes in the display reading', () => {
    expect(displayGradeText(21, 'zh-CN')).toBe('A 意向强');
    expect(displayGradeText(64, 'en')).toBe('Powered off');
    expect(displayGradeText(79, 'zh-CN')).toBe('未送达');
    expect(displayGradeText(62, 'en')).toBe('Unknown');
    expect(displayGradeText(null, 'zh-CN')).toBe('未知');
  });

  it('shows a live call its live state, never a grade', () => {
    expect(outcomeOf(null, 'ringing')).toEqual({ kind: 'live', status: 'ringing' });
    expect(outcomeOf(69, 'answered')).toEqual({ kind: 'live', status: 'answered' });
    expect(outcomeText(outcomeOf(null, 'answered'), 'zh-CN')).toBe('通话中');
    expect(outcomeText(outcomeOf(null, 'ringing'), 'en')).toBe('Ringing');
    expect(outcomeOf(22, 'ended')).toEqual({ kind: 'grade', key: 'B' });
    expect(outcomeText(outcomeOf(68, 'ended'), 'en')).toBe('No answer');
    expect(callStatusText('ended', 'zh-CN')).toBe('已结束');
  });

  it('gives i18next resources with the same texts', () => {
    const en = resultResources('en');
    expect(en.level['63']).toBe('Vacant number');
    expect(en.grade.c63).toBe('Empty number');
    expect(en.status.answered).toBe('Talking');
  });
});
