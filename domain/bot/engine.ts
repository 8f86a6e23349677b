// The dialogue engine: step(compiled bot, session state, event) -> actions + new state.
// Pure: the input state is never mutated, nothing is read from outside, nothing throws.
// An event that makes no sense in the current state is ignored (no actions).
//
// Decisions kept simple on purpose (document here, not in callers):
// - While a prompt plays, customer speech only counts if the node is interruptible and the
//   speech has more than 2 words (SPEC §9): then playback stops and the sentence is handled.
//   Anything else said over a playing prompt is ignored (backchannel, noise). The caller must
//   send playbackFinished when a prompt ends.
// - A `hangup` action after a `play` means: hang up once the queued prompt has played.
// - "Dialogue rounds" (5010) = customer turns the bot answered (speech or DTMF choices);
//   "customer speech count" (5004) = non-empty final sentences.
// - An LLM reply is played with the current node's interruptible flag.
import type { CompiledBot, CompiledBranch, CompiledNode, CompiledQuestion, KeywordSet } from './compile';
import type {
  BranchProperty,
  DialogueAct,
  GlobalHandler,
  IntentionLevel,
  NextStep,
  Prompt,
} from './definition';
import { DIALOGUE_ACTS } from './definition';
import { countWords } from './normalise';
import { coded, extendReason, type ReasonMessage, type ReasonParams, type ReasonCode } from '../reasons';
import type { BotAction, BotEvent, Reason } from './session';
import { BUSINESS_TOPICS, understand, type Topic, type Understanding } from './understand/acts';
import { matchExact, matchWords, type Hit } from './understand/match';
import { parseCallbackTime } from './understand/time';
import { analyse, type Analysis } from './understand/text';

/** Phase: 0 not answered yet, 1 talking, 2 waiting for an llmReply, 3 ended. */
export type Phase = 0 | 1 | 2 | 3;

/**
 * Session state: small (≤ 2 KB serialised for a long call), plain JSON, short keys.
 * Counters, not transcripts: keyword hits per tracked rule condition instead of text.
 */
export interface SessionState {
  v: 1;
  p: Phase;
  /** `at` of the answered event. */
  t0: number;
  /** Current node (index in CompiledBot.nodes), -1 before the call starts. */
  n: number;
  /** Main-flow node to return to when a multi-round flow ends (-1 none), and the question that entered it. */
  r: number;
  rq: number;
  /** Index of the last main flow entered (for "next proactive flow"). */
  mf: number;
  /** Playing: 0 nothing, 1 an interruptible prompt, 2 a non-interruptible prompt. */
  pl: 0 | 1 | 2;
  /** No-match and silence counts at the current node. */
  nm: number;
  si: number;
  /** 1 when the next silence does not count (a question with ignoreSilence was just answered). */
  is: 0 | 1;
  /** Digits gathered on a gather node. */
  dg: string;
  /**
   * Times each prompt list was played, for rotating phrasings: [key, count], most recent last.
   * Keys: n<node>, b<node>.<branch>, m<node>, s<node>, q<question>. Capped (ROTATION_KEYS) so a
   * long call cannot grow the state; a forgotten list simply starts again at its first phrasing.
   */
  rot: [string, number][];
  /** Counters: [affirm, deny, refuse, customer sentences, dialogue rounds]. */
  c: [number, number, number, number, number];
  /** Knowledge questions hit (indices). */
  q: number[];
  /** 1 once the main flow was finished (its normal path ended the call). */
  fin: 0 | 1;
  /** Level set during the call by a branch or question. */
  lv: IntentionLevel | null;
  lb: string[];
  /** Per tracked rule condition: keyword positions hit (5006: whole call, 5009: last sentence). */
  tc: number[][];
  /** Short dialogue history for the LLM (only when llm.answerUnmatched): [0 bot | 1 customer, text]. */
  h?: [0 | 1, string][];
  /** While a transfer is offered: the node to go on at when no seat takes it (its fallback). */
  tf?: number;
  seed?: number;
  /** Sentences per dialogue act (DIALOGUE_ACTS order). */
  a: number[];
  /**
   * Facts for the grade, bit flags: 1 stated a need, 2 agreed to a callback, 4 agreed to a visit,
   * 8 hesitated, 16 reached the transfer on the designed path, 32 asked for a person, 64 gave figures.
   */
  x: number;
  /** Topics asked about (bit i = TOPICS[i]) and the number of business questions asked. */
  tp: number;
  bq: number;
  /** How the call ended by the global handling: 0 not, 1 opt-out, 2 call later, 3 hostile, 4 wrong person, 5 ask for a person, 6 declined. */
  g: number;
  /** The stance of the last sentence that took one: 1 yes, -1 no, 0 none. */
  lp: -1 | 0 | 1;
  /** Unknown questions answered with the generic line. */
  uq: number;
}

export const TOPICS: readonly Topic[] = ['price', 'rate', 'time', 'place', 'process', 'trust', 'other'];
export const GlobalEnd = {
  None: 0,
  OptOut: 1,
  CallLater: 2,
  Hostile: 3,
  WrongPerson: 4,
  AskHuman: 5,
  Declined: 6,
} as const;
export const Fact = {
  Need: 1,
  Callback: 2,
  Appointment: 4,
  Hesitate: 8,
  Transferred: 16,
  AskedHuman: 32,
  Figures: 64,
} as const;

export interface StepResult {
  actions: BotAction[];
  state: SessionState;
  ended: boolean;
}

const AFFIRM = 0;
const DENY = 1;
const REFUSE = 2;
const SPEECH = 3;
const ROUNDS = 4;
const PROPERTY_COUNTER: Partial<Record<BranchProperty, 0 | 1 | 2>> = {
  affirm: AFFIRM,
  deny: DENY,
  refuse: REFUSE,
};
const MAX_HOPS = 50; // jump chains longer than this are a loop in the bot: hang up
const HISTORY_LINES = 4;
const HISTORY_CHARS = 48;
const ROTATION_KEYS = 24;

export function start(compiled: CompiledBot, opts?: { seed?: number }): SessionState {
  const state: SessionState = {
    v: 1,
    p: 0,
    t0: 0,
    n: -1,
    r: -1,
    rq: -1,
    mf: -1,
    pl: 0,
    nm: 0,
    si: 0,
    is: 0,
    dg: '',
    rot: [],
    c: [0, 0, 0, 0, 0],
    q: [],
    fin: 0,
    lv: null,
    lb: [],
    tc: compiled.tracked.map(() => []),
    a: DIALOGUE_ACTS.map(() => 0),
    x: 0,
    tp: 0,
    bq: 0,
    g: 0,
    lp: 0,
    uq: 0,
  };
  if (compiled.def.llm.answerUnmatched) state.h = [];
  if (opts?.seed !== undefined) state.seed = opts.seed;
  return state;
}

export function serialise(state: SessionState): string {
  return JSON.stringify(state);
}

export function deserialise(s: string): SessionState {
  const v = JSON.parse(s) as SessionState;
  if (!v || v.v !== 1 || !Array.isArray(v.c) || !Array.isArray(v.tc) || !Array.isArray(v.rot))
    throw new Error('not a bot session state');
  // States saved before the understanding layer: start its counters empty.
  if (!Array.isArray(v.a)) v.a = DIALOGUE_ACTS.map(() => 0);
  v.x ??= 0;
  v.tp ??= 0;
  v.bq ??= 0;
  v.g ??= 0;
  v.lp ??= 0;
  v.uq ??= 0;
  return v;
}

function clone(s: SessionState): SessionState {
  const out: SessionState = {
    ...s,
    rot: s.rot.slice(),
    c: [...s.c],
    q: [...s.q],
    lb: [...s.lb],
    tc: [...s.tc],
    a: [...s.a],
  };
  if (s.h) out.h = [...s.h];
  return out;
}

/** The working context of one step. */
interface Ctx {
  /** The sentence only said yes in passing (嗯, 好的): a branch it chose sets no level. */
  weak?: boolean;
  bot: CompiledBot;
  s: SessionState;
  actions: BotAction[];
  at: number;
  hops: number;
}

export function step(compiled: CompiledBot, state: SessionState, event: BotEvent): StepResult {
  // An ended session takes nothing, except a failed transfer that has a fallback to go on at.
  if (state.p === 3 && !(event.type === 'transferFailed' && state.tf !== undefined))
    return { actions: [], state, ended: true };
  const ctx: Ctx = { bot: compiled, s: clone(state), actions: [], at: event.at, hops: 0 };
  try {
    handle(ctx, event);
  } catch {
    // Never throw to the caller: a broken document ends the call instead.
    ctx.actions.push({
      type: 'hangup',
      result: null,
      reason: { kind: 'hangup', ...coded('engineError') },
    });
    ctx.s.p = 3;
  }
  return { actions: ctx.actions, state: ctx.s, ended: ctx.s.p === 3 };
}

function handle(ctx: Ctx, e: BotEvent): void {
  const s = ctx.s;
  if (e.type === 'hangup') {
    s.p = 3;
    s.pl = 0;
    return;
  }
  if (e.type === 'answered') {
    if (s.p === 0) answer(ctx);
    return;
  }
  if (e.type === 'transferFailed') return onTransferFailed(ctx, e.why);
  if (s.p === 0) return;
  if (typeof e.at === 'number' && e.at - s.t0 >= ctx.bot.maxMs) {
    const minutes = ctx.bot.def.settings.maxCallMinutes;
    hangup(ctx, null, { kind: 'maxDuration', ...coded('maxDuration', { minutes: String(minutes) }) });
    return;
  }
  switch (e.type) {
    case 'playbackFinished':
      s.pl = 0;
      return;
    case 'asrPartial':
      if (s.p === 1 && s.pl === 1 && countWords(e.text) > 2) interrupt(ctx, e.text);
      return;
    case 'asrFinal':
      if (s.p === 1) onSentence(ctx, e.text);
      return;
    case 'silence':
      if (s.p === 1) onSilence(ctx);
      return;
    case 'dtmf':
      if (s.p === 1) onDigit(ctx, e.digit);
      return;
    case 'llmReply':
      if (s.p === 2) onLlmReply(ctx, e.text);
      return;
  }
}

// ---- names and reasons ----

function nodeOf(ctx: Ctx): CompiledNode | undefined {
  return ctx.bot.nodes[ctx.s.n];
}

function where(ctx: Ctx, node = nodeOf(ctx)): Pick<Reason, 'flowId' | 'nodeId'> {
  if (!node) return {};
  return { flowId: ctx.bot.flows[node.flow]!.def.id, nodeId: node.def.id };
}

function keywordNames(ctx: Ctx, ids: number[]): string[] {
  return ids.map((id) => ctx.bot.labels[id] ?? '');
}

/** The reason `why` with one more clause (domain/reasons.ts). */
const then = (why: Reason, code: ReasonCode, params?: ReasonParams): Reason =>
  extendReason(why, code, params);

// ---- actions ----

function say(
  ctx: Ctx,
  prompts: readonly Prompt[],
  rotKey: string | null,
  interruptible: boolean,
  reason: Reason,
) {
  if (!prompts.length) return;
  const k = rotKey ? rotate(ctx.s, rotKey) : 0;
  const prompt = prompts[k % prompts.length]!;
  ctx.actions.push({
    type: 'play',
    text: prompt.text,
    recordingId: prompt.recordingId ?? null,
    interruptible,
    reason,
  });
  ctx.s.pl = interruptible ? 1 : 2;
  remember(ctx, 0, prompt.text);
}

/** How many times the list was played before (and count this time). */
function rotate(s: SessionState, key: string): number {
  const at = s.rot.findIndex((e) => e[0] === key);
  const k = at >= 0 ? s.rot[at]![1] : 0;
  if (at >= 0) s.rot.splice(at, 1);
  s.rot.push([key, k + 1]);
  if (s.rot.length > ROTATION_KEYS) s.rot.shift();
  return k;
}

function listen(ctx: Ctx, reason: Reason): void {
  const node = nodeOf(ctx);
  const wanted = node?.def.waitSeconds ?? ctx.bot.def.settings.waitSeconds;
  // Never wait past the maximum call duration: the silence event then ends the call in time.
  const left = Math.max(1, Math.ceil((ctx.bot.maxMs - (ctx.at - ctx.s.t0)) / 1000));
  ctx.actions.push({ type: 'listen', waitSeconds: Math.max(1, Math.min(wanted, left)), reason });
}

function hangup(ctx: Ctx, result: number | null, reason: Reason): void {
  ctx.actions.push({ type: 'hangup', result, reason });
  ctx.s.p = 3;
}

function remember(ctx: Ctx, who: 0 | 1, text: string): void {
  const h = ctx.s.h;
  if (!h) return;
  h.push([who, text.slice(0, HISTORY_CHARS)]);
  if (h.length > HISTORY_LINES) h.splice(0, h.length - HISTORY_LINES);
}

function setLevel(ctx: Ctx, level: IntentionLevel | null | undefined, reason: Reason): void {
  if (!level) return;
  ctx.s.lv = level;
  ctx.actions.push({ type: 'setLevel', level, reason });
}

function addLabel(ctx: Ctx, label: string | null | undefined, reason: Reason): void {
  if (!label) return;
  if (!ctx.s.lb.includes(label)) ctx.s.lb.push(label);
  ctx.actions.push({ type: 'addLabel', label, reason });
}

function sendSms(ctx: Ctx, templateId: number | null | undefined, reason: Reason): void {
  if (templateId === null || templateId === undefined) return;
  ctx.actions.push({ type: 'sendSms', templateId, reason });
}

// ---- moving through the flows ----

function answer(ctx: Ctx): void {
  ctx.s.p = 1;
  ctx.s.t0 = ctx.at;
  const first = ctx.bot.flows[ctx.bot.mainFlows[0] ?? -1];
  if (!first) {
    hangup(ctx, null, { kind: 'start', ...coded('noMainFlow') });
    return;
  }
  const disclosure = ctx.bot.global.disclosure.trim();
  if (disclosure)
    say(ctx, [{ text: disclosure }], null, false, {
      kind: 'start',
      flowId: first.def.id,
      ...coded('disclosure'),
    });
  enterNode(ctx, first.start, {
    kind: 'start',
    flowId: first.def.id,
    ...coded('startFlow', { flow: first.def.name }),
  });
}

function enterNode(ctx: Ctx, index: number, why: Reason): void {
  const s = ctx.s;
  const node = ctx.bot.nodes[index];
  if (!node || ++ctx.hops > MAX_HOPS) {
    hangup(ctx, null, { ...then(why, 'badJump'), kind: 'jump' });
    return;
  }
  s.n = index;
  s.nm = 0;
  s.si = 0;
  s.is = 0;
  s.dg = '';
  if (ctx.bot.flows[node.flow]!.main) s.mf = node.flow;
  const reason: Reason = { ...then(why, 'enterNode', { node: node.def.name }), ...where(ctx, node) };
  if (node.def.type === 'jump') {
    follow(ctx, node.def.next ?? { action: 0 }, { ...reason, kind: 'jump' }, true);
    return;
  }
  say(ctx, node.def.prompts, `n${index}`, node.def.interruptible, reason);
  const waits = node.branches.length > 0 || node.def.type === 'ivr' || node.def.type === 'gather';
  if (!waits && node.def.next && node.def.next.action !== 1) follow(ctx, node.def.next, reason, true);
  else listen(ctx, reason);
}

/**
 * Take a next step. `normal` is true on the designed path (branch/node next), false for
 * fallbacks; only the designed path counts as finishing the main flow (5007).
 */
function follow(ctx: Ctx, next: NextStep, why: Reason, normal: boolean): void {
  const s = ctx.s;
  const node = nodeOf(ctx);
  const inMain = node ? ctx.bot.flows[node.flow]!.main : false;
  switch (next.action) {
    case 1:
      listen(ctx, then(why, 'waitReply'));
      return;
    case 2: {
      if (node && !inMain && s.r >= 0) return returnFromMulti(ctx, why);
      const at = ctx.bot.mainFlows.indexOf(s.mf);
      const flow = ctx.bot.flows[ctx.bot.mainFlows[at + 1] ?? -1];
      if (flow) {
        enterNode(ctx, flow.start, then(why, 'nextMainFlow', { flow: flow.def.name }));
        return;
      }
      if (normal && inMain) s.fin = 1;
      hangup(ctx, null, then(why, 'mainFlowEnd'));
      return;
    }
    case 3: {
      const target = stepTarget(ctx, next);
      const flow = flowName(ctx, target);
      enterNode(ctx, target, flow === null ? then(why, 'jumpNowhere') : then(why, 'jumpFlow', { flow }));
      return;
    }
    case 4: {
      if (normal && inMain) s.fin = 1;
      const fallback = next.flowId ? stepTarget(ctx, next) : -1;
      if (fallback >= 0) s.tf = fallback;
      else delete s.tf;
      ctx.actions.push({
        type: 'transfer',
        seatGroupId: next.seatGroupId ?? null,
        reason: then(why, 'toHuman'),
      });
      s.p = 3;
      return;
    }
    default:
      if (normal && inMain) s.fin = 1;
      hangup(ctx, null, then(why, 'thenHangup'));
  }
}

/** The node a step's flowId/nodeId points at (the current flow when no flowId), or -1. */
function stepTarget(ctx: Ctx, next: NextStep): number {
  const f = next.flowId ? (ctx.bot.flowIndex.get(next.flowId) ?? -1) : (nodeOf(ctx)?.flow ?? -1);
  const flow = ctx.bot.flows[f];
  return next.nodeId && flow ? (ctx.bot.nodeIndex.get(`${f}/${next.nodeId}`) ?? -1) : (flow?.start ?? -1);
}

const flowName = (ctx: Ctx, node: number): string | null => {
  const n = ctx.bot.nodes[node];
  return n ? ctx.bot.flows[n.flow]!.def.name : null;
};

/** No seat took the transfer: the bot talks again from the transfer's fallback node. */
function onTransferFailed(ctx: Ctx, why: string | ReasonMessage): void {
  const s = ctx.s;
  const target = s.tf;
  if (s.p !== 3 || target === undefined) return;
  delete s.tf;
  s.p = 1;
  s.fin = 0;
  s.pl = 0;
  const flow = flowName(ctx, target);
  const reason: Reason = {
    kind: 'jump',
    ...(flow === null ? coded('transferFallbackNowhere', { why }) : coded('transferFallback', { why, flow })),
  };
  enterNode(ctx, target, reason);
}

function returnFromMulti(ctx: Ctx, why: Reason): void {
  const s = ctx.s;
  const back = ctx.bot.nodes[s.r];
  const question = ctx.bot.questions[s.rq];
  s.n = s.r;
  s.r = -1;
  s.rq = -1;
  if (!back) return hangup(ctx, null, then(why, 'noReturn'));
  const reason: Reason = { ...then(why, 'backFromMulti', { node: back.def.name }), ...where(ctx, back) };
  if (question?.def.playWithMainFlow)
    say(ctx, back.def.prompts, `n${back.index}`, back.def.interruptible, reason);
  listen(ctx, reason);
}

// ---- customer input ----

function interrupt(ctx: Ctx, text: string): void {
  ctx.actions.push({
    type: 'stopPlayback',
    reason: { kind: 'interrupt', ...where(ctx), ...coded('interrupt', { words: text.slice(0, 20) }) },
  });
  ctx.s.pl = 0;
}

function matches(set: KeywordSet, hit: Set<number>): { priority: number; ids: number[] } | null {
  if (!set.ids.length || hit.size === 0) return null;
  // Count first without allocating: most sets do not match.
  let count = 0;
  for (const id of set.ids) if (hit.has(id)) count++;
  if (count < Math.max(1, set.need)) return null;
  let priority = -Infinity;
  const ids: number[] = [];
  set.ids.forEach((id, i) => {
    if (!hit.has(id)) return;
    ids.push(id);
    priority = Math.max(priority, set.priorities[i]!);
  });
  return { priority, ids };
}

/** Keyword hits of one sentence: every kept occurrence, and those not under a negation. */
interface Heard {
  raw: string;
  analysis: Analysis;
  u: Understanding;
  /** Every keyword found (negated or not). */
  any: Set<number>;
  /** Keywords found not under a negation: the only ones an affirming branch takes. */
  plain: Set<number>;
}

function bestBranch(node: CompiledNode, heard: Heard) {
  let best: { branch: CompiledBranch; ids: number[]; priority: number } | null = null;
  for (const b of node.branches) {
    // 不需要 / 没兴趣 never choose the "yes" branch through its 需要 / 兴趣.
    const m = matches(b.keywords, b.def.property === 'affirm' ? heard.plain : heard.any);
    if (!m || b.ignore.some((id) => heard.any.has(id))) continue;
    if (!best || m.priority > best.priority) best = { branch: b, ids: m.ids, priority: m.priority };
  }
  return best;
}

function firstQuestion(ctx: Ctx, hit: Set<number>, high: boolean, except?: readonly number[]) {
  for (const q of ctx.bot.questions) {
    if (q.def.highPriority !== high) continue;
    const m = matches(q.keywords, hit);
    if (m && !(except && m.ids.every((id) => except.includes(id)))) return { question: q, ids: m.ids };
  }
  return null;
}

/** The branch of the node whose property fits the sentence's act, for a sentence no keyword chose. */
function branchByAct(node: CompiledNode, u: Understanding, any: Set<number>): CompiledBranch | null {
  if (node.def.type === 'ivr' || node.def.type === 'gather') {
    // A spoken answer to a key-press menu: yes takes the first affirming choice.
    if (u.main !== 'affirm') return null;
  }
  const wanted: BranchProperty[] =
    u.main === 'affirm'
      ? ['affirm']
      : u.main === 'refuse'
        ? ['refuse', 'deny']
        : u.main === 'deny'
          ? ['deny', 'refuse']
          : [];
  for (const p of wanted) {
    const b = node.branches.find((x) => x.def.property === p && !x.ignore.some((id) => any.has(id)));
    if (b) return b;
  }
  return null;
}

function countAct(s: SessionState, act: DialogueAct): void {
  const i = DIALOGUE_ACTS.indexOf(act);
  if (i >= 0) s.a[i] = (s.a[i] ?? 0) + 1;
}

/** Everything a sentence tells about the customer, kept for the grade. */
function remembers(ctx: Ctx, u: Understanding, a: Analysis): void {
  const s = ctx.s;
  for (const act of u.acts) countAct(s, act);
  if (u.need) s.x |= Fact.Need;
  if (u.callback) s.x |= Fact.Callback;
  if (u.appointment) s.x |= Fact.Appointment;
  if (u.hesitate) s.x |= Fact.Hesitate;
  if (/\d/.test(a.text) && u.main === 'affirm') s.x |= Fact.Figures;
  for (const t of u.topics) s.tp |= 1 << TOPICS.indexOf(t);
  if (u.topics.some((t) => BUSINESS_TOPICS.includes(t))) s.bq++;
  const polar = u.acts.find((x) => x === 'affirm' || x === 'refuse' || x === 'deny' || x === 'hostile');
  if (polar === 'affirm' && !u.acts.includes('refuse')) s.lp = 1;
  else if (polar || u.main === 'complaint') s.lp = -1;
}

function onSentence(ctx: Ctx, raw: string): void {
  const s = ctx.s;
  if (s.pl === 2) return;
  if (s.pl === 1) {
    if (countWords(raw) <= 2) return;
    interrupt(ctx, raw);
  }
  const before = [s.c[AFFIRM], s.c[REFUSE]];
  const u = handleSentence(ctx, raw);
  if (!u || s.c[SPEECH] === 0) return;
  // 5002 / 5003 count sentences: one that said yes (or no) counts once, by branch or by act; a
  // backchannel alone (嗯, 哦) is listening, not agreeing.
  if (backchannel(raw)) s.c[AFFIRM] = before[0]!;
  else if (s.c[AFFIRM] === before[0] && u.acts.includes('affirm') && !u.acts.includes('refuse'))
    s.c[AFFIRM]++;
  if (s.c[REFUSE] === before[1] && ['refuse', 'hostile', 'complaint'].includes(u.main ?? '')) s.c[REFUSE]++;
}

const WEAK_YES = /^(嗯|恩|哦|噢|啊|呃|好|的|好的|对|是|行|可以|呀|吧|哈)+$/;
const BACKCHANNEL = /^[\s,，。.…!！?？~～]*([嗯恩哦噢啊呃额唔喔]+[\s,，。.…!！?？~～]*)+$/;
const backchannel = (raw: string) => BACKCHANNEL.test(raw);

function handleSentence(ctx: Ctx, raw: string): Understanding | null {
  const s = ctx.s;
  const bot = ctx.bot;
  const analysis = analyse(raw, bot.segmenter);
  if (!analysis.text) return null;
  s.c[SPEECH]++;
  remember(ctx, 1, raw);
  const hits: Hit[] = bot.exact ? exactHits(ctx, analysis) : matchWords(bot.matcher, analysis);
  const any = new Set(hits.map((h) => h.id));
  const plain = new Set(hits.filter((h) => !h.negated).map((h) => h.id));
  const u = understand(analysis, bot.segmenter);
  const heard: Heard = { raw, analysis, u, any, plain };
  track(ctx, any);
  const blocked = [...any].filter((id) => bot.intercept.has(id));
  // A voicemail greeting or a call assistant answers first, never later in a real talk.
  const machine = (u.main === 'voicemail' || u.main === 'assistant') && s.c[SPEECH] <= 2;
  if (blocked.length || machine) {
    const kws = blocked.length ? keywordNames(ctx, blocked) : [];
    const what = blocked.length
      ? coded('interceptKeywords', { keywords: kws })
      : coded(u.main === 'voicemail' ? 'interceptVoicemail' : 'interceptAssistant');
    hangup(ctx, 70, { kind: 'intercept', ...where(ctx), keywords: kws, acts: u.acts, ...what });
    return null;
  }
  remembers(ctx, u, analysis);
  respond(ctx, heard);
  return u;
}

/** What the bot does with an understood sentence. */
function respond(ctx: Ctx, heard: Heard): void {
  const { u, any, raw } = heard;
  const s = ctx.s;
  const bot = ctx.bot;
  const node = nodeOf(ctx);
  if (!node) return;
  const high = firstQuestion(ctx, any, true);
  if (high) return answerQuestion(ctx, high.question, high.ids, u.acts);
  const branch = bestBranch(node, heard);
  if (globalHandling(ctx, node, heard, !!branch)) return;
  if (branch) {
    const kws = keywordNames(ctx, branch.ids);
    const hit = coded('branchHit', { node: node.def.name, branch: branch.branch.def.name, keywords: kws });
    // One sentence that answers the flow and asks a question ("方便，你们这个课多少钱"): both.
    const also = firstQuestion(ctx, any, false, branch.ids);
    if (also && also.question.def.answerMode === 'single') sayAnswer(ctx, also.question, also.ids, u.acts);
    return takeBranch(ctx, node, branch.branch, { kind: 'branch', keywords: kws, acts: u.acts, ...hit });
  }
  const normal = firstQuestion(ctx, any, false);
  if (normal) {
    // A question with an answer to the node's question in the same sentence ("是的，利率多少"): the
    // answer, then the branch the act chooses.
    const byAct =
      normal.question.def.answerMode === 'single' && !bot.exact ? branchByAct(node, u, any) : null;
    if (byAct && u.acts.includes('affirm') && !u.acts.includes('refuse')) {
      sayAnswer(ctx, normal.question, normal.ids, u.acts);
      return takeBranch(ctx, node, byAct, actReason(node, byAct, u));
    }
    return answerQuestion(ctx, normal.question, normal.ids, u.acts);
  }
  if (u.main === 'askRobot' && bot.global.robot.enabled) return robotAnswer(ctx, node, u);
  // Exact keyword mode is the author's wish for strict matching: no choice by act.
  const byAct = u.main === 'question' || bot.exact ? null : branchByAct(node, u, any);
  if (byAct) {
    ctx.weak = WEAK_YES.test(raw.replace(/[\s,，。.…!！?？~～]/g, ''));
    return takeBranch(ctx, node, byAct, actReason(node, byAct, u));
  }
  if (u.main === 'refuse' && bot.global.decline.enabled)
    return endGlobal(ctx, 'decline', node, u, GlobalEnd.Declined);
  if (bot.def.llm.answerUnmatched) {
    s.p = 2;
    ctx.actions.push({
      type: 'askLlm',
      utterance: raw,
      history: (s.h ?? [])
        .slice(0, -1)
        .map(([who, t]) => ({ role: who === 0 ? 'bot' : 'customer', text: t })),
      reason: {
        kind: 'llm',
        ...where(ctx),
        acts: u.acts,
        ...coded('askLlm', { node: node.def.name }),
      },
    });
    return;
  }
  if (u.main === 'question' && bot.global.unknownQuestion.enabled && s.uq < 2) {
    s.uq++;
    return repeatNode(ctx, node, bot.global.unknownQuestion, 'unknownQuestion', {
      kind: 'unanswered',
      ...where(ctx, node),
      acts: u.acts,
      ...coded('unanswered', { topics: u.topics.map((t) => ({ code: `topic_${t}` as const })) }),
    });
  }
  fallback(ctx, 'noMatch');
}

const TOPIC_NAMES: Record<Topic, string> = {
  price: '价格',
  rate: '利率',
  time: '时间',
  place: '地点',
  process: '办理',
  trust: '身份',
  other: '其他',
};
export const topicName = (t: Topic) => TOPIC_NAMES[t];

export const ACT_NAMES: Record<DialogueAct, string> = {
  affirm: '肯定',
  deny: '否定',
  refuse: '拒绝',
  hostile: '辱骂',
  busy: '忙/稍后',
  askHuman: '转人工',
  askRobot: '问是否机器人',
  question: '提问',
  complaint: '投诉/勿扰',
  wrongPerson: '非本人',
  silence: '沉默',
  assistant: '来电助理',
  voicemail: '语音信箱',
};

function actReason(node: CompiledNode, b: CompiledBranch, u: Understanding): Reason {
  return {
    kind: 'branch',
    acts: u.acts,
    ...coded('branchByAct', { node: node.def.name, act: { code: `act_${u.main!}` }, branch: b.def.name }),
  };
}

function exactHits(ctx: Ctx, a: Analysis): Hit[] {
  // Exact mode ignores the bot's filler words around the one keyword.
  const words = a.words.map((w) => w.w).filter((w) => !ctx.bot.fillers.includes(w));
  const hit = matchExact(ctx.bot.matcher, { ...a, text: words.join('') || a.text });
  return hit;
}

/**
 * The handling every bot has (settings.global): stop calling, ask for a person, hostility, wrong
 * person, call me later. An author's keyword on the current node still wins over "call me later".
 */
function globalHandling(ctx: Ctx, node: CompiledNode, heard: Heard, keywordBranch: boolean): boolean {
  const g = ctx.bot.global;
  const u = heard.u;
  const acts = u.acts;
  if (acts.includes('complaint') && g.optOut.enabled) {
    ctx.actions.push({
      type: 'optOut',
      sentence: heard.raw,
      reason: {
        kind: 'global',
        ...where(ctx, node),
        acts,
        ...coded('optOut', { sentence: heard.raw.slice(0, 30) }),
      },
    });
    endGlobal(ctx, 'optOut', node, u, GlobalEnd.OptOut);
    return true;
  }
  if (acts.includes('askHuman') && g.askHuman.enabled) {
    askHuman(ctx, node, u, heard.raw);
    return true;
  }
  if (u.main === 'hostile') {
    endGlobal(ctx, 'decline', node, u, GlobalEnd.Hostile);
    return true;
  }
  if (u.main === 'wrongPerson' && !keywordBranch) {
    endGlobal(ctx, 'decline', node, u, GlobalEnd.WrongPerson, '不好意思，打扰您了，再见。');
    return true;
  }
  if (acts.includes('busy') && g.callLater.enabled && !keywordBranch && u.main !== 'refuse') {
    const when = parseCallbackTime(heard.raw);
    ctx.actions.push({
      type: 'remind',
      when,
      sentence: heard.raw,
      reason: {
        kind: 'global',
        ...where(ctx, node),
        acts,
        ...(when ? coded('callLater', { when: when.text }) : coded('callLaterNoTime')),
      },
    });
    endGlobal(ctx, 'callLater', node, u, GlobalEnd.CallLater);
    return true;
  }
  return false;
}

const GLOBAL_NAMES = {
  optOut: 'endOptOut',
  callLater: 'endCallLater',
  decline: 'endDecline',
  askHuman: 'endAskHuman',
} as const satisfies Record<string, ReasonCode>;

/** Says the handler's words and ends the call, remembering how it ended for the grade. */
function endGlobal(
  ctx: Ctx,
  handler: keyof typeof GLOBAL_NAMES,
  node: CompiledNode,
  u: Understanding,
  how: number,
  words?: string,
): void {
  const s = ctx.s;
  s.g = how;
  const names: Record<number, ReasonCode> = {
    [GlobalEnd.Hostile]: 'endHostile',
    [GlobalEnd.WrongPerson]: 'endWrongPerson',
  };
  const reason: Reason = {
    kind: 'global',
    ...where(ctx, node),
    acts: u.acts,
    ...coded(names[how] ?? GLOBAL_NAMES[handler]),
  };
  const h = ctx.bot.global[handler] as GlobalHandler;
  say(ctx, words ? [{ text: words }] : h.prompts, `g${handler}`, false, reason);
  hangup(ctx, null, reason);
}

/** 转人工: the bot's transfer node, else its transfer branch, else a callback promise. */
function askHuman(ctx: Ctx, node: CompiledNode, u: Understanding, raw: string): void {
  const s = ctx.s;
  const bot = ctx.bot;
  s.x |= Fact.AskedHuman;
  const reason: Reason = { kind: 'global', ...where(ctx, node), acts: u.acts, ...coded('askHuman') };
  if (bot.transferNode >= 0) return enterNode(ctx, bot.transferNode, reason);
  const t = bot.transferStep;
  if (t) {
    const b = bot.nodes[t.node]!.branches[t.branch]!;
    say(ctx, b.def.prompts, `b${t.node}.${t.branch}`, false, reason);
    return follow(ctx, t.step, reason, false);
  }
  ctx.actions.push({ type: 'remind', when: parseCallbackTime(raw), sentence: raw, reason });
  endGlobal(ctx, 'askHuman', node, u, GlobalEnd.AskHuman);
}

/** 你是机器人吗: the honest answer, then the node's question again. */
function robotAnswer(ctx: Ctx, node: CompiledNode, u: Understanding): void {
  repeatNode(ctx, node, ctx.bot.global.robot, 'robot', {
    kind: 'global',
    ...where(ctx, node),
    acts: u.acts,
    ...coded('askRobot'),
  });
}

function repeatNode(ctx: Ctx, node: CompiledNode, h: GlobalHandler, key: string, reason: Reason): void {
  ctx.s.c[ROUNDS]++;
  say(ctx, h.prompts, `g${key}`, node.def.interruptible, reason);
  if (node.def.prompts.length) say(ctx, node.def.prompts, `n${node.index}`, node.def.interruptible, reason);
  listen(ctx, reason);
}

/** Rule conditions 5006 (whole call) and 5009 (last sentence): remember which keywords hit. */
function track(ctx: Ctx, any: Set<number>): void {
  for (const t of ctx.bot.tracked) {
    const now: number[] = [];
    t.keywords.ids.forEach((id, i) => {
      if (any.has(id)) now.push(i);
    });
    if (t.item === 5009) ctx.s.tc[t.slot] = now;
    else if (now.length) {
      const before = ctx.s.tc[t.slot] ?? [];
      ctx.s.tc[t.slot] = [...new Set([...before, ...now])].sort((a, b) => a - b);
    }
  }
}

function takeBranch(ctx: Ctx, node: CompiledNode, branch: CompiledBranch, why: Reason): void {
  const s = ctx.s;
  const b = branch.def;
  const reason: Reason = { ...why, ...where(ctx, node), branchId: b.id };
  s.c[ROUNDS]++;
  const counter = PROPERTY_COUNTER[b.property];
  if (counter !== undefined) s.c[counter]++;
  if (b.property === 'affirm') s.lp = 1;
  else if (b.property === 'refuse') s.lp = -1;
  if (b.next.action === 4 && (b.property === 'affirm' || s.lp === 1)) s.x |= Fact.Transferred;
  if (!ctx.weak) setLevel(ctx, b.setLevel, reason);
  addLabel(ctx, b.addLabel, reason);
  sendSms(ctx, b.smsTemplateId, reason);
  say(ctx, b.prompts, `b${node.index}.${branch.index}`, node.def.interruptible, reason);
  follow(ctx, b.next, reason, true);
}

/** Says a question's answer (single-sentence questions), counting it as hit. */
function sayAnswer(ctx: Ctx, question: CompiledQuestion, ids: number[], acts: DialogueAct[]): Reason {
  const s = ctx.s;
  const q = question.def;
  const node = nodeOf(ctx)!;
  const kws = keywordNames(ctx, ids);
  const reason: Reason = {
    kind: 'knowledge',
    ...where(ctx, node),
    questionId: q.id,
    keywords: kws,
    acts,
    ...coded('knowledgeHit', { question: q.title, keywords: kws }),
  };
  s.c[ROUNDS]++;
  if (!s.q.includes(question.index)) s.q.push(question.index);
  setLevel(ctx, q.setLevel, reason);
  sendSms(ctx, q.smsTemplateId, reason);
  say(ctx, q.prompts, `q${question.index}`, node.def.interruptible, reason);
  return reason;
}

function answerQuestion(ctx: Ctx, question: CompiledQuestion, ids: number[], acts: DialogueAct[] = []): void {
  const s = ctx.s;
  const q = question.def;
  const node = nodeOf(ctx)!;
  const reason = sayAnswer(ctx, question, ids, acts);
  const interruptible = node.def.interruptible;
  const flow = q.jump?.flowId ? ctx.bot.flows[ctx.bot.flowIndex.get(q.jump.flowId) ?? -1] : undefined;
  if (q.answerMode === 'multi' && flow) {
    // Entering a multi-round talk from a main node remembers where to come back to.
    if (ctx.bot.flows[node.flow]!.main) {
      s.r = node.index;
      s.rq = question.index;
    }
    const target = q.jump?.nodeId
      ? (ctx.bot.nodeIndex.get(`${flow.index}/${q.jump.nodeId}`) ?? -1)
      : flow.start;
    enterNode(ctx, target, then(reason, 'enterMulti', { flow: flow.def.name }));
    return;
  }
  if (q.answerMode === 'jump' && q.jump) {
    follow(ctx, { action: 3, flowId: q.jump.flowId ?? null, nodeId: q.jump.nodeId ?? null }, reason, true);
    return;
  }
  if (q.playWithMainFlow) say(ctx, node.def.prompts, `n${node.index}`, interruptible, reason);
  listen(ctx, reason);
  s.is = q.ignoreSilence ? 1 : 0;
}

function fallback(ctx: Ctx, kind: 'noMatch' | 'silence', counted = true): void {
  const s = ctx.s;
  const node = nodeOf(ctx);
  if (!node) return;
  const fb = kind === 'noMatch' ? node.def.noMatch : node.def.silence;
  const count = counted ? (kind === 'noMatch' ? ++s.nm : ++s.si) : kind === 'noMatch' ? s.nm : s.si;
  const repeat = Math.min(5, Math.max(1, Math.floor(fb?.repeat ?? 1)));
  const reason: Reason = {
    kind,
    ...where(ctx, node),
    ...coded(kind, { node: node.def.name, n: String(count) }),
  };
  if (!fb || count > repeat) {
    follow(ctx, fb?.then ?? { action: 0 }, then(reason, 'overRepeat', { n: String(repeat) }), false);
    return;
  }
  say(ctx, fb.prompts, `${kind === 'noMatch' ? 'm' : 's'}${node.index}`, node.def.interruptible, reason);
  listen(ctx, reason);
}

function onSilence(ctx: Ctx): void {
  ctx.s.pl = 0;
  countAct(ctx.s, 'silence');
  if (ctx.s.is) {
    // Just after a knowledge answer with ignoreSilence: prompt again but do not count it.
    ctx.s.is = 0;
    fallback(ctx, 'silence', false);
    return;
  }
  fallback(ctx, 'silence');
}

function onDigit(ctx: Ctx, digit: string): void {
  const s = ctx.s;
  const node = nodeOf(ctx);
  if (!node || (node.def.type !== 'ivr' && node.def.type !== 'gather')) return;
  if (s.pl !== 0) {
    ctx.actions.push({
      type: 'stopPlayback',
      reason: { kind: 'dtmf', ...where(ctx, node), ...coded('dtmfKey', { digit }) },
    });
    s.pl = 0;
  }
  if (node.def.type === 'gather') {
    s.dg += digit;
    const want = Math.max(1, node.def.gatherDigits ?? 1);
    if (s.dg.length < want) return;
    const reason: Reason = {
      kind: 'dtmf',
      ...where(ctx, node),
      ...coded('dtmfGather', { node: node.def.name, digits: s.dg }),
    };
    s.dg = '';
    s.c[ROUNDS]++;
    follow(ctx, node.def.next ?? { action: 1 }, reason, true);
    return;
  }
  const branch = node.branches.find((b) => (b.def.dtmf ?? '').split(/[,，\s]+/).includes(digit));
  if (!branch) return fallback(ctx, 'noMatch');
  const chose = coded('dtmfBranch', { node: node.def.name, digit, branch: branch.def.name });
  takeBranch(ctx, node, branch, { kind: 'dtmf', ...chose });
}

function onLlmReply(ctx: Ctx, text: string | null): void {
  const s = ctx.s;
  s.p = 1;
  const node = nodeOf(ctx);
  if (!text || !text.trim() || !node) return fallback(ctx, 'noMatch');
  const reason: Reason = { kind: 'llm', ...where(ctx, node), ...coded('llmAnswer', { node: node.def.name }) };
  s.c[ROUNDS]++;
  say(ctx, [{ text }], null, node.def.interruptible, reason);
  listen(ctx, reason);
}
