import { hotWordProblem, parseHotWords, splitHotWords, validateHotWords } from './hotWords';

describe('hot words', () => {
  it('splits on ASCII and full-width commas and drops blanks', () => {
    expect(splitHotWords(' 贷款, 利率，，额度 ,')).toEqual(['贷款', '利率', '额度']);
    expect(splitHotWords('   ')).toEqual([]);
  });

  it('accepts Chinese words of at most 10 characters', () => {
    expect(hotWordProblem('贷款')).toBeNull();
    expect(hotWordProblem('一二三四五六七八九十')).toBeNull();
    expect(hotWordProblem('一二三四五六七八九十一')).toBe('tooLong');
  });

  it('refuses letters, digits, spaces and symbols', () => {
    for (const w of ['loan', '贷款1', '贷 款', '贷款!', '贷款。', '贷-款', '😀']) {
      expect(hotWordProblem(w)).toBe('notChinese');
    }
  });

  it('reports each invalid word with its position', () => {
    expect(validateHotWords(['贷款', 'abc', '一二三四五六七八九十一'])).toEqual([
      { index: 1, word: 'abc', problem: 'notChinese' },
      { index: 2, word: '一二三四五六七八九十一', problem: 'tooLong' },
    ]);
  });

  it('parses the form text into distinct words', () => {
    expect(parseHotWords('贷款,利率,贷款')).toEqual({ words: ['贷款', '利率'], errors: [] });
    expect(parseHotWords('贷款,a').errors).toHaveLength(1);
  });
});
