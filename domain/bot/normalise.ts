// Text normalisation shared by keywords (at compile time) and customer sentences (at run time):
// both go through the same function, so whatever is folded here matches on both sides.
//
// Steps: full-width -> half-width, lower case, drop punctuation and spaces, Chinese numerals ->
// Arabic digits (so "十五" and "15" match each other), then strip the bot's filler words.
import { CN_DIGITS, CN_NUMERAL_CHARS, CN_UNITS } from './cnNumerals';

const CN_NUMERAL_RUN = new RegExp(`[${CN_NUMERAL_CHARS}]+`, 'g');
// Keep letters and digits of any script; everything else (punctuation, spaces, symbols) goes.
const FULL_WIDTH = /[\uff01-\uff5e\u3000]/;
const NOT_WORD = /[^\p{L}\p{N}]+/gu;

/** Full-width ASCII (U+FF01–FF5E) and the ideographic space to their half-width forms. */
export function toHalfWidth(s: string): string {
  if (!FULL_WIDTH.test(s)) return s;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xff01 && c <= 0xff5e) out += String.fromCharCode(c - 0xfee0);
    else if (c === 0x3000) out += ' ';
    else out += s[i];
  }
  return out;
}

/** A numeral run without 万/亿: "十五" -> "15", "一三八" -> "138"; lone units ("百", "千") stay text. */
function numeralSegment(run: string): string {
  let hasUnit = false;
  let hasDigit = false;
  for (const ch of run) {
    if (ch in CN_UNITS) hasUnit = true;
    else hasDigit = true;
  }
  if (!hasDigit && !run.startsWith('十')) return run;
  // A plain digit sequence (phone numbers, "一二三") reads digit by digit.
  if (!hasUnit) return [...run].map((ch) => String(CN_DIGITS[ch] ?? '')).join('');
  let value = 0;
  let digit = -1; // last digit not yet multiplied by a unit
  for (const ch of run) {
    const d = CN_DIGITS[ch];
    if (d !== undefined) digit = d;
    else {
      // "十五": 十 with no digit before it means 1 × 10.
      value += (digit < 0 ? 1 : digit) * (CN_UNITS[ch] ?? 1);
      digit = -1;
    }
  }
  return String(value + Math.max(digit, 0));
}

/**
 * One run of Chinese numerals in Arabic digits. 万 and 亿 stay as characters so "五十万"
 * reads "50万" and matches a keyword written "50万".
 */
export function chineseNumeralToArabic(run: string): string {
  return run
    .split(/([万亿])/)
    .map((part) => (part === '万' || part === '亿' || part === '' ? part : numeralSegment(part)))
    .join('');
}

/** Chinese numeral runs in `s` replaced by Arabic digits. */
export function replaceChineseNumerals(s: string): string {
  return s.replace(CN_NUMERAL_RUN, chineseNumeralToArabic);
}

/** The canonical form used for matching (no filler-word stripping). */
export function normaliseBase(s: string): string {
  return replaceChineseNumerals(toHalfWidth(s).toLowerCase().replace(NOT_WORD, ''));
}

/** Canonical form of a customer sentence: normaliseBase, then filler words (already normalised) removed. */
export function normaliseSentence(s: string, fillerWords: readonly string[]): string {
  let out = normaliseBase(s);
  for (const w of fillerWords) if (w && out.includes(w)) out = out.split(w).join('');
  return out;
}

/**
 * Words for smart interruption (SPEC §9: more than 2 words interrupts): each CJK character is
 * one word, each run of Latin letters or digits is one word.
 */
export function countWords(s: string): number {
  let words = 0;
  let inRun = false;
  const text = toHalfWidth(s);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const alnum = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    if (alnum) {
      if (!inRun) words++;
      inRun = true;
      continue;
    }
    inRun = false;
    if ((c >= 0x3400 && c <= 0x9fff) || (c >= 0xf900 && c <= 0xfaff)) words++;
  }
  return words;
}

/** `word~9` -> { word: 'word', priority: 9 }; a non-numeric priority gives priority NaN. */
export function parseKeyword(raw: string): { word: string; priority: number } {
  const at = raw.lastIndexOf('~');
  if (at < 0) return { word: raw.trim(), priority: 0 };
  const p = raw.slice(at + 1).trim();
  return { word: raw.slice(0, at).trim(), priority: /^-?\d+$/.test(p) ? Number(p) : NaN };
}
