import { GRADE_FILE_MAX_BYTES, parseGradeFile } from '../../../../../domain/bot/gradeSet';
import { BATCH_EXAMPLE_LINES, BATCH_FILE_MAX_BYTES, batchExampleText, batchFileProblem } from './batch';

describe('batch test files', () => {
  it('has the limit of the server', () => {
    expect(BATCH_FILE_MAX_BYTES).toBe(GRADE_FILE_MAX_BYTES);
  });

  it('offers an example file the parser reads without errors (bot left out: the editor adds its own)', () => {
    const text = batchExampleText()
      .split('\n')
      .map((l) => (l ? JSON.stringify({ bot: '1', ...JSON.parse(l) }) : l))
      .join('\n');
    const parsed = parseGradeFile(text);
    expect(parsed.errors).toEqual([]);
    expect(parsed.cases).toHaveLength(BATCH_EXAMPLE_LINES.length);
  });

  it('takes .jsonl, .txt and .json files up to the limit', () => {
    expect(batchFileProblem({ name: 'a.jsonl', size: 10 })).toBeNull();
    expect(batchFileProblem({ name: 'A.TXT', size: 10 })).toBeNull();
    expect(batchFileProblem({ name: 'a.json', size: BATCH_FILE_MAX_BYTES })).toBeNull();
    expect(batchFileProblem({ name: 'a.csv', size: 10 })).toEqual({ key: 'batch.badType' });
    expect(batchFileProblem({ name: 'a.jsonl', size: BATCH_FILE_MAX_BYTES + 1 })).toEqual({
      key: 'batch.tooLarge',
      vars: { mb: 2 },
    });
    expect(batchFileProblem({ name: 'a.jsonl', size: 0 })).toEqual({ key: 'batch.empty' });
  });
});
