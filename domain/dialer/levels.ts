// Call result levels (SPEC §4), the one definition of their codes: the intention grades A–F (21–26)
// and the result levels of calls that did not become a conversation (62–71, 79, 90; named in
// domain/telephony.ts ResultLevel). Every other list of them (filters, pushes, shields, reports, the
// bot document) is derived from here; their labels are domain/resultLabels.ts.
import { ResultLevel } from '../telephony';

/** Intention grades A–F of a conversation and their codes. */
export const GRADE_CODE = { A: 21, B: 22, C: 23, D: 24, E: 25, F: 26 } as const;
export type GradeLetter = keyof typeof GRADE_CODE;
export type GradeLevel = (typeof GRADE_CODE)[GradeLetter];
export const GRADE_LETTERS: readonly GradeLetter[] = Object.keys(GRADE_CODE) as GradeLetter[];
export const GRADE_LEVELS: readonly GradeLevel[] = GRADE_LETTERS.map((l) => GRADE_CODE[l]);
/** 21 -> 'A' … 26 -> 'F'. */
export const GRADE_LETTER: Readonly<Record<number, GradeLetter>> = Object.fromEntries(
  GRADE_LETTERS.map((l) => [GRADE_CODE[l], l]),
);

/** SPEC §4 result levels outside the grades, in code order: 62 to 71, 79, 90. */
export const RESULT_LEVELS: readonly number[] = Object.values(ResultLevel).sort((a, b) => a - b);
/** Every level a call record can carry: the grades, then the result levels. */
export const ALL_LEVELS: readonly number[] = [...GRADE_LEVELS, ...RESULT_LEVELS];

/** SPEC §4 not-connected subset: 62 to 70, 79, 90 (blacklist 71 is not in it: it was never dialed). */
export const NOT_CONNECTED_LEVELS: readonly number[] = RESULT_LEVELS.filter(
  (l) => l !== ResultLevel.blacklist,
);

export const BLACKLIST_LEVEL: number = ResultLevel.blacklist;

export const isGrade = (level: number): level is GradeLevel =>
  (GRADE_LEVELS as readonly number[]).includes(level);
/** The letter of a grade code, or null for anything else. */
export const gradeLetter = (level: number | null | undefined): GradeLetter | null =>
  level === null || level === undefined ? null : (GRADE_LETTER[level] ?? null);
/** SQL: `${gradeSql('c.result_level')}` reads `c.result_level BETWEEN 21 AND 26` (a conversation). */
export const gradeSql = (column: string): string =>
  `${column} BETWEEN ${GRADE_LEVELS[0]} AND ${GRADE_LEVELS[GRADE_LEVELS.length - 1]}`;
export const isNotConnected = (level: number): boolean => NOT_CONNECTED_LEVELS.includes(level);
