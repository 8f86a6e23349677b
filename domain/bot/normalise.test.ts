import { buildAutomaton, findAll, findExact } from './automaton';
import {
  chineseNumeralToArabic,
  countWords,
  normaliseBase,
  normaliseSentence,
  parseKeyword,
} from './normalise';

describe('normaliseBase', () => {
  it('folds full width, case, punctuation and spaces', () => {
    expect(normaliseBase('ＡＢＣ，Ｈｅｌｌｏ　World！')).toBe('abchelloworld');
    expect(normaliseBase('好的。。。 可以吧？！')).toBe('好的可以吧');
  });
  it('turns Chinese numerals into Arabic digits', () => {
    expect(normaliseBase('十五')).toBe('15');
    expect(normaliseBase('三')).toBe('3');
    expect(normaliseBase('二十')).toBe('20');
    expect(normaliseBase('一百零五')).toBe('105');
    expect(normaliseBase('一三八')).toBe('138');
    expect(normaliseBase('五十万')).toBe('50万');
    expect(normaliseBase('两室一厅')).toBe('2室1厅');
    expect(chineseNumeralToArabic('千')).toBe('千');
  });
  it('strips filler words from sentences only', () => {
    expect(normaliseSentence('嗯，那个，可以啊', ['嗯', '那个', '啊'])).toBe('可以');
  });
});

describe('countWords', () => {
  it('counts CJK characters and latin/digit runs', () => {
    expect(countWords('好的')).toBe(2);
    expect(countWords('好的吧')).toBe(3);
    expect(countWords('ok 123')).toBe(2);
    expect(countWords('我要 ok')).toBe(3);
    expect(countWords('，。！')).toBe(0);
  });
});

describe('parseKeyword', () => {
  it('reads word~n priorities', () => {
    expect(parseKeyword('可以~9')).toEqual({ word: '可以', priority: 9 });
    expect(parseKeyword('可以')).toEqual({ word: '可以', priority: 0 });
    expect(parseKeyword('可以~x').priority).toBeNaN();
  });
});

describe('keyword automaton', () => {
  const a = buildAutomaton(['他', '他们', '们好', '好', 'abc', 'bc']);
  const words = (text: string) =>
    findAll(a, text)
      .map((id) => a.patterns[id])
      .sort();

  it('finds every pattern once, overlapping ones included', () => {
    expect(words('他们好他们好')).toEqual(['他', '他们', '们好', '好'].sort());
    expect(words('xabcx')).toEqual(['abc', 'bc']);
    expect(words('没有')).toEqual([]);
  });
  it('matches whole sentences in exact mode', () => {
    expect(findExact(a, '他们')).toHaveLength(1);
    expect(findExact(a, '他们好')).toHaveLength(0);
  });
  it('handles an empty pattern list', () => {
    expect(findAll(buildAutomaton([]), '任何')).toEqual([]);
  });
});
