// The development set: realistic conversations with the grade a sales manager gives, written
// without looking at the demo bots' scripts. The demo bots must grade at least 90% of them exactly.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile, type CompiledBot } from '../domain/bot/compile';
import { demoBot } from '../domain/bot/demo';
import { gradeConversations } from '../domain/bot/gradeSet';

const bots = new Map<string, CompiledBot | null>();
const resolve = (key: string) => {
  if (!bots.has(key)) {
    const def = demoBot(key)?.definition;
    bots.set(key, def ? compile(def) : null);
  }
  return bots.get(key)!;
};

describe.each(['mortgage', 'course', 'rental'])('development set %s', (name) => {
  const text = readFileSync(join(__dirname, '../domain/bot/devset', `${name}.jsonl`), 'utf8');
  const { rows, summary } = gradeConversations(text, resolve);

  it('has at least 50 labelled conversations, all readable', () => {
    expect(rows.filter((r) => r.error)).toEqual([]);
    expect(rows.filter((r) => r.exact !== undefined).length).toBeGreaterThanOrEqual(50);
  });
  it('is graded at least 90% exactly', () => {
    const misses = rows
      .filter((r) => r.exact === false)
      .map((r) => `${r.line}: ${r.expect} ≠ ${r.grade ?? r.result}`);
    expect({
      accuracy: summary.accuracy >= 0.9 ? 'ok' : summary.accuracy,
      misses: misses.length <= rows.length * 0.1 ? 'ok' : misses,
    }).toEqual({ accuracy: 'ok', misses: 'ok' });
  });
  it('every grade names its facts and rule', () => {
    for (const r of rows) if (r.grade) expect(r.reason).toMatch(/→ 规则「.+」→ [A-F]$/);
  });
});
