// The one colour table of grades A–F, for every chart and tag that colours a grade (labels: the
// `results` namespace, domain/resultLabels.ts).
import { GRADE_LETTERS, type GradeLetter } from '../../../domain/dialer/levels';

/**
 * Grade colours, far apart in hue and lightness so neighbouring grades never look alike (C and D
 * were two browns): green, blue, violet, amber, red, light grey.
 */
export const GRADE_COLORS: Readonly<Record<GradeLetter, string>> = {
  A: '#238551',
  B: '#2D72D2',
  C: '#9D3F9D',
  D: '#D1980B',
  E: '#CD4246',
  F: '#A7B6C2',
};

export const gradeColor = (letter: string): string =>
  GRADE_COLORS[(GRADE_LETTERS as readonly string[]).includes(letter) ? (letter as GradeLetter) : 'F'];
