// Display of SPEC §4 codes in the bot pages: levels A–F, match counts, speeds, next actions.
import type { TFunction } from 'i18next';
import { MATCH_COUNT_ALL } from '../../../../domain/bot/definition';
import { gradeLetter } from '../../../../domain/dialer/levels';

/** 21 -> 'A' … 26 -> 'F'. */
export const levelLetter = (level: number | null | undefined): string =>
  level ? (gradeLetter(level) ?? String(level)) : '';

/** "至少1个 / 全部 / 至少2个 … 至少10个" for a SPEC §4 match-count code. */
export function matchCountLabel(code: number, t: TFunction): string {
  if (code === MATCH_COUNT_ALL) return t('bots:matchCount.all');
  return t('bots:matchCount.atLeast', { n: code <= 1 ? 1 : code - 1 });
}

/** The order the match-count select lists its codes: at least 1, all, at least 2 … 10. */
export const MATCH_COUNT_OPTIONS: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
