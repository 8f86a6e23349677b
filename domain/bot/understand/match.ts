// Keyword matching on words. A keyword list is compiled into one automaton; a sentence's analysis
// is scanned once, and each occurrence is kept only when it is made of words:
// - a one-character keyword (是, 在, 好) only when it is a word of its own;
// - a longer keyword when it starts a word (so the bot's keyword is its dictionary: 首套 in 首/套房,
//   想贷 in 想/贷款), or when it ends a longer word that is not an A-not-A question and not negated
//   (银行 in 建设银行, but never 没有 in 有没有, 不是 in 是不是, 感兴趣 in 不感兴趣);
// - an occurrence inside a longer occurrence of another keyword is dropped (需要 in 不需要).
// Each kept occurrence says whether a negation word stands before it in its clause (不需要,
// 没兴趣, 不太方便, 不是很想了解): the engine does not count a negated keyword as an affirmation.
import { buildAutomaton, scan, type KeywordAutomaton } from '../automaton';
import type { Analysis } from './text';

export interface Hit {
  id: number;
  at: number;
  end: number;
  negated: boolean;
}

/** Words that negate what follows them (their own word, before the keyword). */
export const NEGATORS = new Set([
  '不',
  '没',
  '没有',
  '别',
  '不用',
  '不要',
  '不想',
  '不太',
  '不怎么',
  '并不',
  '从不',
  '从没',
  '未',
  '无',
  '不大',
  '不是',
  '毫无',
  '甭',
  '不会',
  '不再',
  '不必',
  '无需',
  '没什么',
  '不算',
  '并没有',
  '还没',
  '还没有',
  '不咋',
  '不是很',
  '不是太',
]);
/** Words that may stand between a negation and its keyword (不太想了解, 不是很需要). */
const SOFTENERS = new Set([
  '太',
  '很',
  '怎么',
  '大',
  '是',
  '那么',
  '这么',
  '再',
  '想',
  '会',
  '能',
  '用',
  '要',
  '是很',
  '是太',
  '很想',
  '太想',
  '打算',
  '愿意',
  '咋',
  '特别',
  '非常',
  '那个',
]);
const NEGATION_CHARS = /[不没别无未非]$/;

export interface Matcher {
  automaton: KeywordAutomaton;
}

export function buildMatcher(patterns: readonly string[]): Matcher {
  return { automaton: buildAutomaton(patterns) };
}

function aNotA(word: string): boolean {
  for (let k = 1; k < word.length - 1; k++) {
    const c = word[k];
    if ((c === '不' || c === '没') && word[k - 1] === word[k + 1]) return true;
  }
  return false;
}

function accepted(a: Analysis, at: number, end: number): boolean {
  // 租不租 / 要不要: a question, not the refusal 不租 / 不要.
  const c = a.text[at];
  if ((c === '不' || c === '没') && at > 0 && a.text[at - 1] === a.text[at + 1]) return false;
  const startsWord = a.bound[at] === 1;
  if (end - at === 1) return startsWord && a.bound[end] === 1;
  if (startsWord) return true;
  if (a.bound[end] !== 1) return false;
  const w = a.words[a.wordAt[at]!];
  if (!w || w.w.length < 3 || aNotA(w.w)) return false;
  return !NEGATION_CHARS.test(w.w.slice(0, at - w.at));
}

/** A negation word before the keyword's first word, in the same clause, past at most 2 softeners. */
function negatedAt(a: Analysis, at: number): boolean {
  let i = a.wordAt[at]!;
  if (i < 0) return false;
  const clause = a.words[i]!.clause;
  // The keyword may start inside a word (a suffix match): then that word's prefix decides.
  if (a.words[i]!.at !== at) return false;
  for (let skipped = 0; skipped <= 2; skipped++) {
    const prev = a.words[--i];
    if (!prev || prev.clause !== clause) return false;
    if (NEGATORS.has(prev.w)) return true;
    if (!SOFTENERS.has(prev.w)) return false;
  }
  return false;
}

/** The kept occurrences of the matcher's keywords in the analysed sentence, in text order. */
export function matchWords(m: Matcher, a: Analysis): Hit[] {
  const raw: Hit[] = [];
  const patterns = m.automaton.patterns;
  scan(m.automaton, a.text, (id, end) => {
    const at = end - patterns[id]!.length;
    if (accepted(a, at, end)) raw.push({ id, at, end, negated: false });
  });
  if (!raw.length) return raw;
  const kept = raw.filter(
    (h) => !raw.some((o) => o.id !== h.id && o.at <= h.at && h.end <= o.end && o.end - o.at > h.end - h.at),
  );
  for (const h of kept) {
    const first = patterns[h.id]!;
    // A keyword that itself begins with a negation (不需要) is never "negated".
    h.negated = !NEGATORS.has(first.slice(0, 1)) && !/^(不|没|别)/.test(first) && negatedAt(a, h.at);
  }
  kept.sort((x, y) => x.at - y.at || y.end - x.end);
  return kept;
}

/** keywordMatchMode 'exact': the whole sentence (all clauses) must be one keyword. */
export function matchExact(m: Matcher, a: Analysis): Hit[] {
  const whole = a.text.split('|').join('');
  const id = m.automaton.byText.get(whole);
  return id === undefined ? [] : [{ id, at: 0, end: a.text.length, negated: false }];
}
