// Strict checks on everything that reaches the ESL socket. A command is one text line plus header
// lines, so a stray newline would let data become a command of its own; dial strings and `{}`
// variable blocks split on ',' and '}' (switch_event_create_brackets), so values are whitelisted.
import path from 'node:path';
import { hotWordProblem } from '../../../domain/bot/hotWords';

export class EslInputError extends Error {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function checkUuid(uuid: string): string {
  if (!UUID.test(uuid)) throw new EslInputError(`not a uuid: ${JSON.stringify(uuid).slice(0, 60)}`);
  return uuid.toLowerCase();
}

/** Phone numbers (with the line prefix): digits only, 3-24 long. */
export function checkNumber(digits: string): string {
  if (!/^\d{3,24}$/.test(digits)) throw new EslInputError('dialled number must be 3-24 digits');
  return digits;
}

/** Caller id and line prefix: digits only, may be empty. */
export function checkDigits(digits: string, max: number, what: string): string {
  if (!new RegExp(`^\\d{0,${max}}$`).test(digits)) throw new EslInputError(`${what} must be digits`);
  return digits;
}

export function checkId(n: number, what: string): number {
  if (!Number.isSafeInteger(n) || n <= 0) throw new EslInputError(`${what} must be a positive integer`);
  return n;
}

/** Hang-up causes: switch_channel_cause2str names only. */
export function checkCause(cause: string): string {
  if (!/^[A-Z_]{3,40}$/.test(cause)) throw new EslInputError('bad hangup cause');
  return cause;
}

/** Dialplan extensions for uuid_transfer: digits, * and # only. */
export function checkExtension(ext: string): string {
  if (!/^[0-9*#]{1,32}$/.test(ext)) throw new EslInputError('bad extension');
  return ext;
}

/**
 * Files we play or record: absolute, plain characters, inside one of the allowed roots (the prompt
 * cache, the recordings folder). Nothing a user typed can name a file.
 */
export function checkFile(file: string, roots: readonly string[]): string {
  const norm = path.normalize(file);
  if (norm !== file || !path.isAbsolute(file) || !/^[\w/.-]+$/.test(file))
    throw new EslInputError('bad file path');
  if (!roots.some((r) => file.startsWith(path.normalize(r) + path.sep)))
    throw new EslInputError('file outside the allowed folders');
  return file;
}

const FULL_WIDTH: Record<string, string> = {
  ',': '，',
  ';': '；',
  ':': '：',
  '=': '＝',
  '{': '（',
  '}': '）',
  '[': '（',
  ']': '）',
  '<': '《',
  '>': '》',
  "'": '’',
  '"': '”',
  '^': '＾',
  '|': '｜',
  '\\': '＼',
  '%': '％',
  $: '＄',
};

/**
 * Text carried in a `{sim_text=…}` file parameter (what the simulator "hears"): control characters
 * dropped, separators of the bracket syntax and ESL/variable expansion marks ($, %) mapped to their
 * full-width forms, whitespace to '_', 200 characters at most. Keywords (CJK, letters, digits) survive.
 */
export function escapeSimText(text: string): string {
  let out = '';
  for (const c of text.normalize('NFC')) {
    if (/[\p{Cc}\p{Cf}]/u.test(c)) continue;
    if (/\s/u.test(c)) out += '_';
    else out += FULL_WIDTH[c] ?? c;
    if (out.length >= 200) break;
  }
  return out;
}

/** Longest hot-word list sent to a recognizer (a vendor parameter or channel variable has limits). */
export const MAX_HOT_WORDS = 100;

/**
 * A bot's hot words on their way to a recognizer: SPEC §5 already allows only Chinese characters,
 * at most 10 each, but the list is checked again here (a definition could have been written by an
 * older editor or by hand): invalid words are dropped, duplicates removed, the list capped. What is
 * left holds no separator of any syntax it is embedded in (`,` `|` `=` `{}` spaces, newlines).
 */
export function checkHotWords(words: readonly unknown[]): string[] {
  const out: string[] = [];
  for (const w of words) {
    if (typeof w !== 'string') continue;
    const word = w.normalize('NFC').trim();
    if (hotWordProblem(word) !== null || out.includes(word)) continue;
    out.push(word);
    if (out.length >= MAX_HOT_WORDS) break;
  }
  return out;
}

/** mod_unimrcp profile names and similar identifiers: letters, digits, `_ . -`. */
export function checkName(name: string, what: string): string {
  if (!/^[\w.-]{1,64}$/.test(name)) throw new EslInputError(`bad ${what}`);
  return name;
}

/** BCP-47 language codes for recognizers (cmn-Hans-CN, zh-CN, en-US). */
export function checkLanguage(code: string): string {
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/.test(code)) throw new EslInputError('bad language code');
  return code;
}

/** Last line of defence in the writer: no header name or value may break the framing. */
export function checkLine(text: string): string {
  if (/[\r\n]/.test(text)) throw new EslInputError('newline in an ESL command');
  return text;
}
