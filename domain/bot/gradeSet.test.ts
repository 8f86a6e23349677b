import { compile } from './compile';
import { fixtureBot } from './demo/fixture';
import { expectedCode, gradeConversations, parseGradeFile } from './gradeSet';

const bot = compile(fixtureBot());
const resolve = (key: string) => (key === 'fixture' ? bot : null);

describe('grade file', () => {
  it('grades each line and sums up', () => {
    const file = [
      '{"bot": "fixture", "turns": ["需要", "<silence>"], "expect": "A"}',
      '{"bot": "fixture", "turns": ["别再给我打电话了"], "expect": "F"}',
      '{"bot": "fixture", "turns": ["您好，我是机主的智能助理，请问您有什么事"], "expect": 70}',
      '{"bot": "fixture", "turns": ["<hangup>"]}',
    ].join('\n');
    const { rows, summary } = gradeConversations(file, resolve);
    expect(rows.map((r) => [r.line, r.grade, r.result, r.exact])).toEqual([
      [1, expect.any(String), expect.any(Number), expect.any(Boolean)],
      [2, 'F', 26, true],
      [3, null, 70, true],
      [4, 'E', 25, undefined],
    ]);
    expect(rows[1]!.replies).toEqual([
      '您好，请问需要吗？',
      '非常抱歉打扰到您，我们以后不会再拨打您的电话，再见。',
    ]);
    expect(rows[1]!.reason).toMatch(/→ 规则「要求不再来电」→ F$/);
    expect(summary).toEqual({ total: 4, exact: 2 + (rows[0]!.exact ? 1 : 0), accuracy: expect.any(Number) });
  });
  it('a bad line is reported by number and the rest is still graded', () => {
    const file = [
      '{"bot": "fixture", "turns": ["需要"]',
      '{"bot": "nobody", "turns": []}',
      '[1]',
      '',
      '{"bot": "fixture", "turns": ["需要"], "expect": "Z"}',
      '{"bot": "fixture", "turns": [1]}',
      '{"bot": "fixture", "turns": ["<beep>"]}',
      '{"bot": "fixture", "turns": ["不需要"], "expect": "f"}',
    ].join('\n');
    const { rows, summary } = gradeConversations(file, resolve);
    const errors = rows.filter((r) => r.error).map((r) => [r.line, r.error]);
    expect(errors).toEqual([
      [1, expect.stringContaining('第1行不是合法的JSON')],
      [2, '第2行的机器人「nobody」不存在'],
      [3, '第3行不是JSON对象'],
      [5, '第5行的expect必须是A到F或结果码（如70）'],
      [6, '第6行的turns必须是字符串数组'],
      [7, '第7行：未知的标记<beep>'],
    ]);
    expect(rows.find((r) => r.line === 8)).toMatchObject({ grade: 'F', exact: true });
    expect(summary).toEqual({ total: 7, exact: 1, accuracy: 1 });
  });
  it('reads expectations', () => {
    expect(expectedCode('a')).toBe(21);
    expect(expectedCode('F')).toBe(26);
    expect(expectedCode(70)).toBe(70);
    expect(expectedCode('70')).toBe(70);
    expect(expectedCode('G')).toBeNull();
    expect(parseGradeFile('// a comment\n').cases).toEqual([]);
  });
});
