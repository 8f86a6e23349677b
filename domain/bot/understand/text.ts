// A customer sentence (or a keyword) made ready for matching: one pass that every side shares, so
// whatever is folded here matches on both. Steps:
// 1. full-width → half-width, lower case;
// 2. common dialect forms and typos to standard words (系我 → 是我, 俺 → 我, 木有 → 没有, 咋 → 怎么);
// 3. clauses split at punctuation and spaces (negation never reaches across a clause);
// 4. each clause segmented into words (jieba by default);
// 5. numerals and amounts as Arabic digits, word by word (三十万 → 300000, 二十年 → 20年,
//    三千五 → 3500, 百分之三点五 → 3.5%), leaving words such as 一下, 一点, 万一, 千万 alone.
// The result is the clauses' words joined, clauses separated by '|' (no keyword contains it), with
// a flag at each word boundary.
import { CN_BIG_UNITS, CN_DIGITS, CN_NUMERAL_CHARS, CN_UNITS } from '../cnNumerals';
import { toHalfWidth } from '../normalise';
import type { Segmenter } from './segment';

export interface Word {
  w: string;
  /** Offset in Analysis.text. */
  at: number;
  clause: number;
}

export interface Analysis {
  /** Normalised words joined; clauses separated by CLAUSE_BREAK. */
  text: string;
  words: Word[];
  /** bound[i] = 1 when a word starts or ends at offset i of text. */
  bound: Uint8Array;
  /** Word index covering each offset of text (-1 at a clause break). */
  wordAt: Int32Array;
  /** Per clause: the customer asked something (a question mark, or a question particle at its end). */
  questions: boolean[];
}

export const CLAUSE_BREAK = '|';

// Whole-form replacements first (longest first), then character forms in context. Each applies
// only when its trigger character is in the sentence (most sentences need none of them).
const DIALECT: [string, RegExp, string][] = [
  ['木冇莫么妹', /木有|冇得|冇|莫得|么得|妹有/g, '没有'],
  ['肿咋', /肿么|咋个|咋样/g, '怎么样'],
  ['咋', /咋/g, '怎么'],
  ['啥神', /啥子|神马|啥/g, '什么'],
  ['晓', /晓得/g, '知道'],
  ['滴哒嘞咧勒叻得巴中', /好滴|好哒|好嘞|好咧|好勒|好叻|要得|得行|巴适|中嘞|中啊/g, '好的'],
  ['嗯', /嗯呐|嗯哪|嗯那/g, '嗯'],
  ['俺', /俺们/g, '我们'],
  ['俺', /俺/g, '我'],
  ['唔', /唔系/g, '不是'],
  ['系', /(?<![联关体维派中系])系(?=[我的啊呀呢咯嘅滴])/g, '是'],
  ['系', /^系$/g, '是'],
  ['中', /(^|[,，。.\s])中(中|吧|啊)?(?=[,，。.\s]|$)/g, '$1好的'],
  ['灰', /灰常/g, '非常'],
  ['酱', /酱紫/g, '这样子'],
  ['得', /没得(?=[事空时钱兴需要])/g, '没有'],
  // Cantonese, as ASR writes it.
  ['唔冇', /唔得闲|冇时间/g, '没空'],
  ['迟', /迟啲|迟d/g, '晚点'],
  ['而', /而家/g, '现在'],
  ['听', /听日/g, '明天'],
  ['昼', /下昼/g, '下午'],
  ['朝', /朝早/g, '上午'],
  ['影', /影相/g, '拍照'],
  ['仲', /仲(?=[租有要在])/g, '还'],
  ['嚟黎', /过嚟|过黎/g, '过来'],
  ['唔', /唔使|唔驶|唔洗/g, '不用'],
  ['唔', /唔要/g, '不要'],
  ['唔', /唔该/g, '谢谢'],
  ['唔', /唔/g, '不'],
  ['咗', /咗/g, '了'],
  ['嘅', /嘅/g, '的'],
  ['蚊', /(\d|[一二两三四五六七八九十千百])蚊/g, '$1元'],
];

const NUMERAL = CN_NUMERAL_CHARS;
const DIGIT = CN_DIGITS;
const UNIT = CN_UNITS;
const BIG = CN_BIG_UNITS;
/** Words made of numeral characters that are not numbers. */
const NOT_NUMBERS = new Set(['万一', '千万', '一一', '百万', '千千万万', '万万', '一五一十', '十一']);
const MEASURES = '年月天日周个岁套室厅卫块元次位间家台张本节课门层楼平米万千百十号期人分秒份辆条项笔单'.split(
  '',
);
const NUMBER_WORD = new RegExp(`^(第)?([${NUMERAL}]+|\\d+(?:\\.\\d+)?)([${MEASURES.join('')}]|小时|平米)?$`);
const PERCENT = new RegExp(`百分之([${NUMERAL}点\\d.]+)`, 'g');
const SPLIT = /[^\p{L}\p{N}.%]+/u;
const QUESTION_END = /(吗|嘛|么)$/;

/** A run of Chinese numerals as a number, colloquial forms included (三千五 = 3500), or null. */
export function numeralValue(run: string): number | null {
  let total = 0; // finished 万/亿 sections
  let section = 0; // below 万
  let digit = -1;
  let lastUnit = 0;
  let zero = false;
  let units = 0;
  for (const ch of run) {
    if (ch in DIGIT) {
      if (digit >= 0 && units === 0) return null; // 一三八: a digit string, not a number
      digit = DIGIT[ch]!;
      if (digit === 0) zero = true;
    } else if (ch in UNIT) {
      section += (digit < 0 ? 1 : digit) * UNIT[ch]!;
      lastUnit = UNIT[ch]!;
      digit = -1;
      units++;
    } else if (ch in BIG) {
      if (digit >= 0) section += digit;
      total = (total + section) * BIG[ch]!;
      lastUnit = BIG[ch]!;
      section = 0;
      digit = -1;
      units++;
    } else return null;
  }
  if (digit > 0) {
    // 三千五 = 3500, 一万二 = 12000: a last digit right after 百/千/万 counts one unit lower.
    section += lastUnit >= 100 && !zero ? (digit * lastUnit) / 10 : digit;
  }
  return total + section;
}

/** Digits of a numeral run read one by one (一三八 → 138), or null when it is not one. */
function digitString(run: string): string | null {
  let out = '';
  for (const ch of run) {
    if (!(ch in DIGIT)) return null;
    out += DIGIT[ch];
  }
  return out;
}

function arabic(run: string): string | null {
  if (/^\d/.test(run)) return run;
  const digits = digitString(run);
  if (digits !== null) return digits;
  const v = numeralValue(run);
  return v === null ? null : String(v);
}

/** One word with its numeral part in Arabic digits, or the word unchanged. */
export function numberWord(word: string): string {
  if (NOT_NUMBERS.has(word)) return word;
  const m = NUMBER_WORD.exec(word);
  if (!m) return word;
  const value = arabic(m[2]!);
  if (value === null) return word;
  const unit = m[3] ?? '';
  if (unit === '万' || unit === '千' || unit === '百' || unit === '十') {
    // 30万 / 3.5万 as one amount.
    const n = Number(value) * (unit === '万' ? 10000 : unit === '千' ? 1000 : unit === '百' ? 100 : 10);
    return (m[1] ?? '') + String(Math.round(n * 100) / 100);
  }
  return (m[1] ?? '') + value + unit;
}

function percent(s: string): string {
  return s.replace(PERCENT, (_, run: string) => {
    const [a, b] = run.split(/[点.]/);
    const whole = a ? arabic(a) : '0';
    const frac = b ? (digitString(b) ?? b) : null;
    if (whole === null) return `百分之${run}`;
    return `${whole}${frac ? `.${frac}` : ''}%`;
  });
}

/** Full-width to half-width, lower case, dialect forms and percentages: before segmentation. */
export function fold(raw: string): string {
  let s = toHalfWidth(raw).toLowerCase();
  for (const [triggers, re, to] of DIALECT) {
    let hit = false;
    for (let i = 0; i < triggers.length && !hit; i++) hit = s.includes(triggers[i]!);
    if (hit) s = s.replace(re, to);
  }
  return s.includes('百分之') ? percent(s) : s;
}

/** Words of one clause, numbers folded, a number word followed by 万/亿 merged (30 万 → 300000). */
function mergeNumbers(cut: string[]): string[] {
  const out: string[] = [];
  for (const raw of cut) {
    if (!NUMERIC_CHAR.test(raw)) {
      out.push(raw);
      continue;
    }
    const prev = out[out.length - 1];
    const big = raw[0] === '万' ? 10000 : raw[0] === '亿' ? 1e8 : 0;
    if (big && prev && /^\d+(\.\d+)?$/.test(prev)) {
      // jieba may cut 30万左右 as 30 / 万左右: the amount, then the rest.
      out[out.length - 1] = String(Math.round(Number(prev) * big * 100) / 100);
      if (raw.length > 1) out.push(numberWord(raw.slice(1)));
      continue;
    }
    out.push(numberWord(raw));
  }
  return out;
}

const NUMERIC_CHAR = new RegExp(`[\\d${CN_NUMERAL_CHARS}]`);

export function analyse(raw: string, seg: Segmenter): Analysis {
  const folded = fold(raw);
  // Clauses at punctuation and spaces, with whether each asks something.
  const clauses: string[] = [];
  const questions: boolean[] = [];
  let from = 0;
  for (const part of folded.split(SPLIT)) {
    const at = folded.indexOf(part, from);
    from = at + part.length;
    const clean = part.replace(/^\.+|\.+$/g, '');
    if (!clean) continue;
    clauses.push(clean);
    const after = folded.slice(from, from + 2);
    questions.push(/[?？]/.test(after) || QUESTION_END.test(clean));
  }
  // One segmenter call for the sentence: the clause break is a word of its own to it.
  const cut = clauses.length ? seg(clauses.join(CLAUSE_BREAK)) : [];
  const words: Word[] = [];
  let text = '';
  let clause = 0;
  let pending: string[] = [];
  const flush = () => {
    for (const w of mergeNumbers(pending)) {
      words.push({ w, at: text.length, clause });
      text += w;
    }
    pending = [];
  };
  for (const w of cut) {
    if (w === CLAUSE_BREAK) {
      flush();
      text += CLAUSE_BREAK;
      clause++;
    } else if (w) pending.push(w);
  }
  flush();
  const bound = new Uint8Array(text.length + 1);
  const wordAt = new Int32Array(text.length).fill(-1);
  words.forEach((w, i) => {
    bound[w.at] = 1;
    bound[w.at + w.w.length] = 1;
    wordAt.fill(i, w.at, w.at + w.w.length);
  });
  return { text, words, bound, wordAt, questions };
}

/** A keyword in matching form: its words joined (no clause breaks). */
export function keywordForm(raw: string, seg: Segmenter): string {
  return analyse(raw, seg)
    .words.map((w) => w.w)
    .join('');
}
