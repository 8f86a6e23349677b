import { check } from '../check';
import { compile } from '../compile';
import { DEMO_BOTS, runTranscript } from './index';

describe.each(DEMO_BOTS)('demo bot $key', (demo) => {
  const bot = compile(demo.definition);

  it('passes check() without errors', () => {
    expect(check(demo.definition).filter((p) => p.severity === 'error')).toEqual([]);
  });

  it('has the shape a realistic demo needs', () => {
    const def = demo.definition;
    const nodes = def.flows.reduce((n, f) => n + f.nodes.length, 0);
    expect(def.flows.filter((f) => f.kind === 'main').length).toBeGreaterThanOrEqual(2);
    expect(nodes).toBeGreaterThanOrEqual(5);
    expect(nodes).toBeLessThanOrEqual(10);
    expect(def.knowledge.length).toBeGreaterThanOrEqual(6);
    expect(def.knowledge.some((q) => q.type === 20001)).toBe(true);
    expect(def.knowledge.some((q) => q.highPriority)).toBe(true);
    expect(def.intentRules.length).toBeGreaterThanOrEqual(3);
    expect(def.intentRules.length).toBeLessThanOrEqual(5);
    expect(def.interceptKeywords.length).toBeGreaterThan(0);
    expect(def.hotWords.length).toBeGreaterThan(0);
    expect(demo.transcripts.length).toBeGreaterThanOrEqual(5);
  });

  it.each(demo.transcripts)('transcript $name', (t) => {
    const run = runTranscript(bot, t.turns);
    const last = run.actions[run.actions.length - 1];
    expect({ level: run.grade.level, ended: run.ended, lastAction: last?.type }).toEqual({
      level: t.expected.level,
      ended: t.expected.ended,
      lastAction: t.expected.lastAction,
    });
    if (t.expected.result !== undefined)
      expect(last).toMatchObject({ type: 'hangup', result: t.expected.result });
    for (const a of run.actions) expect(a.reason.text.length).toBeGreaterThan(0);
  });
});
