// Hot words (SPEC §5): Chinese characters only (no letters, digits or symbols), at most 10
// characters each, comma separated (ASCII or full-width commas). Shared by the editor form
// (client/features/bots) and the API's request validation (server/modules/bots).

export const HOT_WORD_MAX_LENGTH = 10;

export type HotWordProblem = 'notChinese' | 'tooLong';

export interface HotWordError {
  /** 0-based position in the split list. */
  index: number;
  word: string;
  problem: HotWordProblem;
}

const CHINESE_ONLY = /^[\u3400-\u4dbf\u4e00-\u9fff]+$/u;

/** Splits the form's text on commas; blanks are dropped. */
export function splitHotWords(text: string): string[] {
  return text
    .split(/[,，]/)
    .map((w) => w.trim())
    .filter((w) => w !== '');
}

/** The problem of one word, or null when it is a valid hot word. */
export function hotWordProblem(word: string): HotWordProblem | null {
  if (!CHINESE_ONLY.test(word)) return 'notChinese';
  if ([...word].length > HOT_WORD_MAX_LENGTH) return 'tooLong';
  return null;
}

/** Every invalid word of a list, with its position. */
export function validateHotWords(words: readonly string[]): HotWordError[] {
  const errors: HotWordError[] = [];
  words.forEach((word, index) => {
    const problem = hotWordProblem(word);
    if (problem) errors.push({ index, word, problem });
  });
  return errors;
}

/** Parses the form's text: the distinct words in order, and the errors found. */
export function parseHotWords(text: string): { words: string[]; errors: HotWordError[] } {
  const words = [...new Set(splitHotWords(text))];
  return { words, errors: validateHotWords(words) };
}
