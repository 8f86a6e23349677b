// Batch training files (domain/bot/gradeSet's format): the checks made before an upload and the
// example file the editor offers for download.

/**
 * GRADE_FILE_MAX_BYTES of domain/bot/gradeSet (2 MB). Not imported: that module brings the engine
 * (and its native word segmenter) into the browser bundle; model/batch.test.ts keeps them equal.
 */
export const BATCH_FILE_MAX_BYTES = 2 * 1024 * 1024;
export const BATCH_FILE_EXTENSIONS = ['.jsonl', '.txt', '.json'] as const;
export const BATCH_EXAMPLE_NAME = 'batch-test-example.jsonl';

/** Why the file cannot be sent (an i18n key of the bots namespace and its values), or null. */
export function batchFileProblem(file: {
  name: string;
  size: number;
}): { key: string; vars?: Record<string, string | number> } | null {
  const name = file.name.toLowerCase();
  if (!BATCH_FILE_EXTENSIONS.some((ext) => name.endsWith(ext))) return { key: 'batch.badType' };
  if (file.size > BATCH_FILE_MAX_BYTES)
    return { key: 'batch.tooLarge', vars: { mb: BATCH_FILE_MAX_BYTES / 1024 / 1024 } };
  if (file.size === 0) return { key: 'batch.empty' };
  return null;
}

/** The lines of the example file: every kind of turn, with and without an expectation. */
export const BATCH_EXAMPLE_LINES: readonly object[] = [
  { turns: ['可以', '利率是多少', '好的，你们发我资料吧'], expect: 'B' },
  { turns: ['<silence>', '<silence>'], expect: 'E' },
  { turns: ['我在开车，明天下午三点再打给我'], expect: 'E' },
  { turns: ['别再给我打电话了'], expect: 'F' },
  { turns: ['你是机器人吗', '可以', '<hangup>'] },
  { turns: ['<dtmf:1>', '不需要'], expect: 'F' },
];

/** The example file's text: one JSON object a line. */
export const batchExampleText = (): string =>
  BATCH_EXAMPLE_LINES.map((l) => JSON.stringify(l)).join('\n') + '\n';
