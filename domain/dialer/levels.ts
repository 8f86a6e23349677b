// Call result levels as the dialer reads them (SPEC §4): grades, the not-connected subset, blacklist.
import { ResultLevel } from '../telephony';

/** Intention grades A–F of a conversation (21–26). */
export const GRADE_LEVELS = [21, 22, 23, 24, 25, 26] as const;
export type GradeLevel = (typeof GRADE_LEVELS)[number];
export const GRADE_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
export type GradeLetter = (typeof GRADE_LETTERS)[number];

/** SPEC §4 not-connected subset: 62 to 70, 79, 90 (blacklist 71 is not in it: it was never dialed). */
export const NOT_CONNECTED_LEVELS: readonly number[] = [62, 63, 64, 65, 66, 67, 68, 69, 70, 79, 90];

export const BLACKLIST_LEVEL: number = ResultLevel.blacklist;

export const isGrade = (level: number): level is GradeLevel =>
  level >= 21 && level <= 26 && Number.isInteger(level);
export const isNotConnected = (level: number): boolean => NOT_CONNECTED_LEVELS.includes(level);
