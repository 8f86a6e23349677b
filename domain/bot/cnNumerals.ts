// The Chinese numeral characters, one table for every reader of numbers in customer speech and
// keywords (normalise.ts folds them to digits, understand/text.ts reads their value).

/** Every character that can be part of a Chinese numeral run. */
export const CN_NUMERAL_CHARS = '零〇一二两三四五六七八九十百千万亿';

/** Digit characters and their values (两 is a colloquial 二). */
export const CN_DIGITS: Readonly<Record<string, number>> = {
  零: 0,
  〇: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};

/** Units below 万. */
export const CN_UNITS: Readonly<Record<string, number>> = { 十: 10, 百: 100, 千: 1000 };

/** Units that close a section. */
export const CN_BIG_UNITS: Readonly<Record<string, number>> = { 万: 10000, 亿: 100000000 };
