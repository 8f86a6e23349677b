import { understandText } from './acts';
import { buildMatcher, matchWords } from './match';
import { jiebaSegmenter as seg } from './segment';
import { analyse, keywordForm, numeralValue } from './text';
import { parseCallbackTime } from './time';

const words = (s: string) => analyse(s, seg).words.map((w) => w.w);
/** Which of the keywords the sentence matches, `!` marking a negated one. */
function hits(keywords: string[], sentence: string): string[] {
  const m = buildMatcher(keywords.map((k) => keywordForm(k, seg)));
  return matchWords(m, analyse(sentence, seg)).map((h) => `${h.negated ? '!' : ''}${keywords[h.id]}`);
}
const acts = (s: string) => understandText(s, seg).acts;
const main = (s: string) => understandText(s, seg).main;

describe('segmentation', () => {
  it('cuts Chinese into words (jieba)', () => {
    expect(words('我现在在开会')).toEqual(['我', '现在', '在', '开会']);
    expect(words('有没有违约金')).toEqual(['有没有', '违约金']);
  });
  it('keeps clauses apart at punctuation', () => {
    const a = analyse('不，我需要', seg);
    expect(a.text).toBe('不|我需要');
    expect(new Set(a.words.map((w) => w.clause))).toEqual(new Set([0, 1]));
  });
});

describe('normalisation', () => {
  it('full-width to half-width and lower case', () => {
    expect(words('ＯＫ，ＬＰＲ')).toEqual(['ok', 'lpr']);
  });
  it('Chinese numerals and amounts', () => {
    expect(words('大概三十万')).toContain('300000');
    expect(words('贷二十年')).toContain('20年');
    expect(words('三千五一个月')).toContain('3500');
    expect(words('一万二')).toEqual(['12000']);
    expect(words('30万左右')).toContain('300000');
    expect(words('百分之三点五')).toEqual(['3.5%']);
    expect(numeralValue('一百五')).toBe(150);
    expect(numeralValue('一千零五')).toBe(1005);
  });
  it('leaves words that only look like numbers', () => {
    expect(words('了解一下')).toEqual(['了解', '一下']);
    expect(words('万一')).toEqual(['万一']);
  });
  it('dialect forms and typos', () => {
    expect(words('系我啊')).toEqual(['是', '我', '啊']);
    expect(words('俺是')).toEqual(['我', '是']);
    expect(keywordForm('中', seg)).toBe('好的');
    expect(words('木有兴趣').join('')).toBe('没有兴趣');
    expect(words('咋收费').join('')).toBe('怎么收费');
    expect(words('联系我').join('')).toBe('联系我');
  });
  it('a keyword and a sentence meet in the same form', () => {
    expect(hits(['五十万'], '我想贷50万')).toEqual(['五十万']);
  });
});

describe('whole-word keywords', () => {
  it('a one-character keyword only as a word of its own (the three misfires)', () => {
    expect(hits(['是'], '你是机器人吗')).toEqual(['是']);
    expect(hits(['在'], '我现在在开会')).toEqual(['在']);
    expect(hits(['是'], '是不是真人')).toEqual([]);
    expect(hits(['好'], '好的')).toEqual(['好']);
    expect(hits(['万'], '三十万')).toEqual([]);
  });
  it('never inside an A-not-A question or another word', () => {
    expect(hits(['没有'], '有没有违约金')).toEqual([]);
    expect(hits(['不是'], '是不是真人')).toEqual([]);
    expect(hits(['不租'], '还没想好租不租')).toEqual([]);
  });
  it("the bot's keyword starting a word is its word (首套 in 首/套房)", () => {
    expect(hits(['首套'], '首套房')).toEqual(['首套']);
    expect(hits(['想贷'], '我想贷款')).toEqual(['想贷']);
    expect(hits(['银行'], '建设银行')).toEqual(['银行']);
  });
  it('a keyword inside a longer one is dropped', () => {
    expect(hits(['需要', '不需要'], '不需要')).toEqual(['不需要']);
  });
});

describe('negation', () => {
  it('marks a keyword after 不/没/别/不用/不要/没有', () => {
    expect(hits(['需要'], '不需要')).toEqual(['!需要']);
    expect(hits(['兴趣'], '没兴趣')).toEqual(['!兴趣']);
    expect(hits(['方便'], '不太方便')).toEqual(['!方便']);
    expect(hits(['了解'], '不是很想了解')).toEqual(['!了解']);
    expect(hits(['考虑'], '别考虑了')).toEqual(['!考虑']);
  });
  it('not across a clause, nor when nothing negates', () => {
    expect(hits(['需要'], '不，我需要')).toEqual(['需要']);
    expect(hits(['需要'], '我需要')).toEqual(['需要']);
  });
  it('turns an affirmation into a denial', () => {
    expect(acts('不方便')).toContain('busy');
    expect(acts('不需要')).toEqual(['refuse']);
    expect(acts('不是很想了解')).toContain('deny');
  });
});

describe('dialogue acts', () => {
  it.each([
    ['是的，我是', 'affirm'],
    ['嗯', 'affirm'],
    ['喂？嗯，你继续说', 'affirm'],
    ['大概三十万左右', 'affirm'],
    ['不是', 'deny'],
    ['不需要，谢谢', 'refuse'],
    ['我已经贷好了', 'refuse'],
    ['没兴趣', 'refuse'],
    ['滚', 'hostile'],
    ['我在开车，晚点再说', 'busy'],
    ['我现在在开会', 'busy'],
    ['转人工', 'askHuman'],
    ['你是机器人吧？给我转人工', 'askHuman'],
    ['你是机器人吗', 'askRobot'],
    ['是不是真人', 'askRobot'],
    ['利率现在多少', 'question'],
    ['有没有违约金', 'question'],
    ['别再给我打电话了', 'complaint'],
    ['再打我就投诉你', 'complaint'],
    ['你打错了', 'wrongPerson'],
    ['您好，我是机主的智能助理，请问您有什么事', 'assistant'],
    ['您拨打的电话暂时无法接通，请在提示音后留言', 'voicemail'],
  ])('%s → %s', (sentence, act) => {
    expect(main(sentence)).toBe(act);
  });
  it('a visit agreed with a time is not "call me later"', () => {
    expect(acts('今天不方便，周六下午过来吧')).not.toContain('busy');
    expect(understandText('今天不方便，周六下午过来吧', seg).appointment).toBe(true);
  });
  it('busy but willing to listen is not "call me later"', () => {
    expect(acts('我在开车，不过你说')).not.toContain('busy');
  });
  it('topics of a question', () => {
    expect(understandText('你们这个课多少钱', seg).topics).toEqual(['price']);
    expect(understandText('利率几个点', seg).topics).toEqual(['rate']);
    expect(understandText('你们不会是骗子吧', seg).topics).toContain('trust');
  });
  it('needs, callbacks and hesitation', () => {
    expect(understandText('我想了解一下', seg).need).toBe(true);
    expect(understandText('可以，让经理联系我吧', seg).callback).toBe(true);
    expect(understandText('我考虑考虑', seg).hesitate).toBe(true);
  });
});

describe('callback times', () => {
  it.each([
    ['明天下午三点再打给我', { dayOffset: 1, hour: 15, minute: 0 }],
    ['半小时后再打', { afterMinutes: 30 }],
    ['两个小时以后', { afterMinutes: 120 }],
    ['晚点再说', { afterMinutes: 120 }],
    ['周六上午吧', { weekday: 6, hour: 10, minute: 0 }],
    ['下周一', { weekday: 1, dayOffset: 7, hour: null }],
    ['晚上八点半', { dayOffset: 0, hour: 20, minute: 30 }],
    ['后天', { dayOffset: 2, hour: null }],
  ])('%s', (sentence, want) => {
    expect(parseCallbackTime(sentence)).toMatchObject(want);
  });
  it('none named', () => {
    expect(parseCallbackTime('我在开车')).toBeNull();
  });
});
