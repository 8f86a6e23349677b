// The grade colour table: no two grades alike.
import { GRADE_LETTERS } from '../../../domain/dialer/levels';
import { GRADE_COLORS, gradeColor } from './gradeColors';

describe('grade colours', () => {
  const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const distance = (a: string, b: string) => {
    const [x, y] = [rgb(a), rgb(b)];
    return Math.hypot(x[0]! - y[0]!, x[1]! - y[1]!, x[2]! - y[2]!);
  };

  it('has one colour per grade, every pair clearly apart (C and D were two browns)', () => {
    expect(Object.keys(GRADE_COLORS)).toEqual([...GRADE_LETTERS]);
    for (const a of GRADE_LETTERS)
      for (const b of GRADE_LETTERS)
        if (a < b) expect(distance(GRADE_COLORS[a], GRADE_COLORS[b])).toBeGreaterThan(90);
  });

  it('reads an unknown letter as F', () => {
    expect(gradeColor('C')).toBe(GRADE_COLORS.C);
    expect(gradeColor('?')).toBe(GRADE_COLORS.F);
  });
});
