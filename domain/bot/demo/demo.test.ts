import { check } from '../check';
import { compile } from '../compile';
import { DEMO_BOTS, runTranscript } from './index';

describe.each(DEMO_BOTS)('demo bot $key', (demo) => {
  const bot = compile(demo.definition);
  const def = demo.definition;
  const nodes = def.flows.flatMap((f) => f.nodes);
  const transferNodes = def.flows
    .filter((f) => f.kind === 'main')
    .flatMap((f) => f.nodes)
    .filter((n) => n.next?.action === 4);

  it('passes check() without errors', () => {
    expect(check(def).filter((p) => p.severity === 'error')).toEqual([]);
  });

  it('has the shape a merchant would buy', () => {
    expect(def.flows.filter((f) => f.kind === 'main').length).toBeGreaterThanOrEqual(3);
    expect(def.knowledge.length).toBeGreaterThanOrEqual(30);
    expect(def.knowledge.some((q) => q.type === 20001)).toBe(true);
    expect(def.knowledge.some((q) => q.type === 10001)).toBe(true);
    expect(def.intentRules.length).toBeLessThanOrEqual(2);
    expect(def.settings.defaultRuleSet).toBe(1);
    expect(def.interceptKeywords.length).toBeGreaterThan(0);
    expect(def.hotWords.length).toBeGreaterThan(0);
    expect(demo.transcripts.length).toBeGreaterThanOrEqual(6);
    expect(demo.transcripts.length).toBeLessThanOrEqual(10);
  });

  it('has one transfer node to seat group 1, with a fallback, reached on interest', () => {
    expect(transferNodes).toHaveLength(1);
    const handoff = transferNodes[0]!;
    expect(handoff.next).toMatchObject({ action: 4, seatGroupId: 1 });
    expect(handoff.next?.nodeId).toBeTruthy();
    // A branch on a clear yes leads there and grades A.
    const into = nodes.flatMap((n) => n.branches).filter((b) => b.next.nodeId === handoff.id);
    expect(into.length).toBeGreaterThan(0);
    expect(into.every((b) => b.setLevel === 21)).toBe(true);
  });

  it('says who is calling (AI disclosure) and handles the global acts in its own words', () => {
    const g = def.settings.global!;
    expect(g.disclosure).toMatch(/智能语音助手/);
    for (const h of [g.askHuman, g.callLater, g.optOut, g.robot]) {
      expect(h.enabled).toBe(true);
      expect(h.prompts.length).toBeGreaterThan(0);
    }
    // The global handling answers these: no knowledge question of the bot's own does.
    const words = def.knowledge.flatMap((q) => q.keywords);
    for (const w of ['机器人', '真人', '转人工', '投诉', '别打了', '在开车']) expect(words).not.toContain(w);
  });

  it('keeps its words short and spoken, and its keywords whole words', () => {
    const said = [
      ...nodes.flatMap((n) => [...n.prompts, ...n.branches.flatMap((b) => b.prompts)]),
      ...def.knowledge.flatMap((q) => q.prompts),
    ].map((p) => p.text);
    for (const text of said)
      for (const sentence of text.split(/[。？！]/)) expect(sentence.length).toBeLessThanOrEqual(40);
    for (const q of def.knowledge) {
      if (q.answerMode === 'single') expect(q.prompts[0]!.text.length).toBeLessThanOrEqual(60);
      expect(q.keywords.length).toBeGreaterThanOrEqual(3);
      expect(q.keywords.length).toBeLessThanOrEqual(8);
    }
    const keywords = [
      ...nodes.flatMap((n) => n.branches.flatMap((b) => b.keywords)),
      ...def.knowledge.flatMap((q) => q.keywords),
    ];
    for (const k of keywords) expect(k.replace(/~\d+$/, '').length).toBeGreaterThan(1);
    expect(def.settings.ignoreKeywords.length).toBeLessThanOrEqual(5);
  });

  it('does not only hang up when it does not understand', () => {
    const questions = nodes.filter((n) => n.branches.length > 0);
    expect(questions.some((n) => n.noMatch.then.action !== 0)).toBe(true);
    for (const n of questions) expect(n.noMatch.repeat).toBe(2);
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
