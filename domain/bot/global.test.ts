// The global handling every bot has (settings.global), with jieba and the fixture bot.
import { compile } from './compile';
import type { BotDefinition } from './definition';
import { fixtureBot } from './demo/fixture';
import { start, step, type SessionState } from './engine';
import { grade } from './grade';
import type { BotAction } from './session';

function talk(turns: string[], patch?: (d: BotDefinition) => void) {
  const bot = compile(fixtureBot(patch));
  let state: SessionState = start(bot);
  const all: BotAction[] = [];
  let at = 0;
  let r = step(bot, state, { type: 'answered', at });
  all.push(...r.actions);
  state = r.state;
  for (const t of turns) {
    if (r.ended) break;
    at += 5000;
    state = step(bot, state, { type: 'playbackFinished', at: at - 1 }).state;
    r = step(bot, state, { type: 'asrFinal', text: t, at });
    all.push(...r.actions);
    state = r.state;
  }
  return {
    bot,
    actions: all,
    last: r.actions,
    state,
    ended: r.ended,
    grade: grade(bot, state, { durationSeconds: at / 1000 }),
  };
}
const played = (a: BotAction[]) => a.flatMap((x) => (x.type === 'play' ? [x.text] : []));

describe('global handling', () => {
  it("转人工 goes to the bot's transfer", () => {
    const t = talk(['给我转人工']);
    expect(t.last.find((a) => a.type === 'transfer')).toMatchObject({ seatGroupId: 7 });
    expect(t.last[0]!.reason).toMatchObject({ kind: 'global', acts: expect.arrayContaining(['askHuman']) });
  });
  it('转人工 without a transfer anywhere: a callback promise, a reminder, the end', () => {
    const t = talk(['转人工'], (d) => {
      d.flows[0]!.nodes[0]!.branches = d.flows[0]!.nodes[0]!.branches.filter((b) => b.next.action !== 4);
    });
    expect(t.last.map((a) => a.type)).toEqual(['remind', 'play', 'hangup']);
    expect(t.ended).toBe(true);
    expect(t.grade.level).toBe(22);
  });
  it('busy / later: a callback line, a reminder at the named time, the end, grade E', () => {
    const t = talk(['我在开车，明天下午三点再打给我吧']);
    const remind = t.last.find((a) => a.type === 'remind');
    expect(remind).toMatchObject({ when: { dayOffset: 1, hour: 15, minute: 0 } });
    expect(played(t.last)[0]).toContain('稍后再联系');
    expect(t.ended).toBe(true);
    expect(t.grade.level).toBe(25);
    expect(t.grade.reason.text).toContain('要求稍后联系');
  });
  it('stop calling: an apology once, the number to the blacklist, the end, grade F', () => {
    const t = talk(['别再给我打电话了，烦死了']);
    expect(t.last.map((a) => a.type)).toEqual(['optOut', 'play', 'hangup']);
    expect(t.last[0]).toMatchObject({ sentence: '别再给我打电话了，烦死了' });
    expect(t.grade.level).toBe(26);
    expect(t.grade.reason.text).toMatch(/要求不再来电.*→ F$/);
  });
  it('a complaint is an opt-out too', () => {
    expect(talk(['以后不要再打过来了']).last[0]).toMatchObject({ type: 'optOut' });
    // The bot's own high-priority question (q-high: 投诉) still comes first.
    expect(talk(['我要投诉']).last[0]!.reason).toMatchObject({ kind: 'knowledge', questionId: 'q-high' });
  });
  it('are you a robot: the honest answer, then the question again', () => {
    const t = talk(['你是真人吗'], (d) => (d.knowledge = d.knowledge.filter((q) => q.id !== 'q-quiet')));
    expect(played(t.last)).toEqual([
      '我是智能语音助手，帮您先了解一下情况，需要的话可以随时为您转接人工。',
      '您好，需要吗？',
    ]);
    expect(t.ended).toBe(false);
  });
  it("the bot's own question about robots wins over the global answer", () => {
    expect(played(talk(['你是机器人吗']).last)).toEqual(['我是机器人']);
  });
  it('a handler switched off in the editor is not used', () => {
    const t = talk(['我在开车，晚点再说'], (d) => {
      d.settings.global = { ...d.settings.global!, callLater: { enabled: false, prompts: [] } };
    });
    expect(t.last.some((a) => a.type === 'remind')).toBe(false);
  });
  it('the AI disclosure is said before the first words', () => {
    const t = talk(
      [],
      (d) => (d.settings.global = { ...d.settings.global!, disclosure: '本次通话由智能语音助手为您服务。' }),
    );
    expect(played(t.actions)).toEqual(['本次通话由智能语音助手为您服务。', '您好，请问需要吗？']);
  });
  it('a clear refusal where the node has no refusal branch ends politely', () => {
    const t = talk(['需要', '算了，不需要了']);
    expect(played(t.last)).toEqual(['好的，不打扰您了，祝您生活愉快，再见。']);
    expect(t.ended).toBe(true);
    expect(t.grade.level).toBe(26);
  });
  it('an affirmation without a keyword takes the affirming branch', () => {
    const t = talk(['嗯，你继续说']);
    expect(t.last[0]!.reason).toMatchObject({ kind: 'branch', branchId: 'yes', acts: ['affirm'] });
  });
  it('a question with no answer gets the generic line and the question again, not "没听清"', () => {
    const t = talk(['你们公司在哪里']);
    expect(played(t.last)).toEqual(['您这个问题我记下了，稍后安排专人给您详细解答。', '您好，需要吗？']);
  });
});
