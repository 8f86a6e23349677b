// grade(): the intention level of a finished (or running) call from the session counters.
// Order: a customer who asked not to be called again, abused the bot or is the wrong person is F;
// then the bot's intention rules (array order, all conditions must hold, first wins); then a level
// set during the call by a branch or question; then the default rule set (strict/loose), written
// on the facts of the call (needs, questions, callbacks, refusals) the way a sales manager grades.
// The reason names the facts and the rule: "肯定2次、询问「利率多少」、同意回电、通话95秒 → 规则「有明确需求」→ A".
import type { CompiledBot } from './compile';
import type { IntentionLevel, RuleCondition } from './definition';
import { DIALOGUE_ACTS, matchCountNeeded } from './definition';
import { coded, reasonZh, type ReasonCode, type ReasonMessage } from '../reasons';
import { Fact, GlobalEnd, TOPICS, type SessionState } from './engine';
import { normaliseBase } from './normalise';
import { GRADE_LETTER } from '../dialer/levels';
import type { CallFacts, GradeResult } from './session';

function compare(actual: number, c: RuleCondition): boolean {
  const value = c.value ?? 0;
  return c.op === 2 ? actual <= value : actual >= value;
}

function needed(code: number | null | undefined, total: number): number {
  const n = matchCountNeeded(code ?? 1);
  return n === 'all' ? total : n;
}

/** 5000/5001: with keywords, the listed questions (title or id) must be hit; without, a count. */
function questionsHold(bot: CompiledBot, s: SessionState, c: RuleCondition, businessOnly: boolean): boolean {
  const hit = s.q
    .map((i) => bot.questions[i]?.def)
    .filter((q) => q && (!businessOnly || q.type === 20001)) as NonNullable<
    (typeof bot.questions)[number]['def']
  >[];
  const list = (c.keywords ?? []).filter((k) => k.trim());
  if (!list.length) return compare(hit.length, c.op ? c : { ...c, op: 1, value: c.value ?? 1 });
  const matched = list.filter((k) => hit.some((q) => q.title === k || q.id === k)).length;
  return matched >= Math.max(1, needed(c.matchCount, list.length));
}

function trackedHold(bot: CompiledBot, s: SessionState, c: RuleCondition): boolean {
  const slot = bot.trackedSlot.get(c);
  if (slot === undefined) return false;
  const t = bot.tracked[slot]!;
  return (s.tc[slot]?.length ?? 0) >= Math.max(1, t.keywords.need);
}

export function conditionHolds(
  bot: CompiledBot,
  s: SessionState,
  facts: CallFacts,
  c: RuleCondition,
): boolean {
  switch (c.item) {
    case 5000:
      return questionsHold(bot, s, c, false);
    case 5001:
      return questionsHold(bot, s, c, true);
    case 5002:
      return compare(s.c[0], c);
    case 5003:
      return compare(s.c[2], c);
    case 5004:
      return compare(s.c[3], c);
    case 5005:
      return compare(facts.durationSeconds, c);
    case 5006:
    case 5009:
      return trackedHold(bot, s, c);
    case 5007:
      return (c.value ?? 1) === 1 ? s.fin === 1 : s.fin === 0;
    case 5008: {
      const status = normaliseBase(facts.callStatus ?? '');
      return !!status && (c.keywords ?? []).some((k) => normaliseBase(k) === status);
    }
    case 5010:
      return compare(s.c[4], c);
    default:
      return false;
  }
}

const actCount = (s: SessionState, act: (typeof DIALOGUE_ACTS)[number]) =>
  s.a?.[DIALOGUE_ACTS.indexOf(act)] ?? 0;

/** What the call shows about the customer, read from the session counters. */
export interface CallSummary {
  spoke: number;
  affirm: number;
  refuse: number;
  deny: number;
  /** Business questions: knowledge questions of type 20001 hit, or questions about price, rate… */
  businessQuestions: number;
  need: boolean;
  callback: boolean;
  appointment: boolean;
  hesitate: boolean;
  transferred: boolean;
  askedHuman: boolean;
  figures: boolean;
  hostile: boolean;
  optOut: boolean;
  wrongPerson: boolean;
  callLater: boolean;
  declined: boolean;
  /** The last stance taken: 1 yes, -1 no, 0 none. */
  stance: number;
  silences: number;
  seconds: number;
  /** The facts in words (zh-CN), for the reason. */
  words: string[];
  /** The same facts as messages. */
  msgs: ReasonMessage[];
}

export function summarise(bot: CompiledBot, s: SessionState, facts: CallFacts): CallSummary {
  const x = s.x ?? 0;
  const kb = s.q.map((i) => bot.questions[i]?.def).filter((q) => !!q);
  const businessKb = kb.filter((q) => q!.type === 20001).length;
  const topics = TOPICS.filter((_, i) => ((s.tp ?? 0) >> i) & 1).filter((t) => t !== 'other');
  const c: CallSummary = {
    spoke: s.c[3],
    affirm: s.c[0],
    refuse: s.c[2],
    deny: Math.max(s.c[1], actCount(s, 'deny')),
    businessQuestions: Math.max(businessKb, s.bq ?? 0),
    need: !!(x & Fact.Need),
    callback: !!(x & Fact.Callback),
    appointment: !!(x & Fact.Appointment),
    hesitate: !!(x & Fact.Hesitate),
    transferred: !!(x & Fact.Transferred),
    askedHuman: !!(x & Fact.AskedHuman),
    figures: !!(x & Fact.Figures),
    hostile: s.g === GlobalEnd.Hostile || actCount(s, 'hostile') > 0,
    optOut: s.g === GlobalEnd.OptOut || actCount(s, 'complaint') > 0,
    wrongPerson: s.g === GlobalEnd.WrongPerson,
    callLater: s.g === GlobalEnd.CallLater || (actCount(s, 'busy') > 0 && s.g !== GlobalEnd.Declined),
    declined: s.g === GlobalEnd.Declined,
    stance: s.lp ?? 0,
    silences: actCount(s, 'silence'),
    seconds: facts.durationSeconds,
    words: [],
    msgs: [],
  };
  const w = c.msgs;
  const n = (v: number) => ({ n: String(v) });
  if (c.spoke === 0) w.push({ code: 'fact_silent' });
  if (c.affirm) w.push({ code: 'fact_affirm', params: n(c.affirm) });
  if (c.refuse) w.push({ code: 'fact_refuse', params: n(c.refuse) });
  if (c.need) w.push({ code: 'fact_need' });
  if (c.figures) w.push({ code: 'fact_figures' });
  for (const q of kb) w.push({ code: 'fact_asked', params: { question: q!.title } });
  if (topics.length)
    w.push({ code: 'fact_topics', params: { topics: topics.map((t) => ({ code: `topic_${t}` as const })) } });
  if (c.callback) w.push({ code: 'fact_callback' });
  if (c.appointment) w.push({ code: 'fact_appointment' });
  if (c.askedHuman) w.push({ code: 'fact_askedHuman' });
  if (c.transferred) w.push({ code: 'fact_transferred' });
  if (c.hesitate) w.push({ code: 'fact_hesitate' });
  if (c.callLater) w.push({ code: 'fact_callLater' });
  if (c.optOut) w.push({ code: 'fact_optOut' });
  if (c.hostile) w.push({ code: 'fact_hostile' });
  if (c.wrongPerson) w.push({ code: 'fact_wrongPerson' });
  if (c.declined) w.push({ code: 'fact_declined' });
  if (c.silences) w.push({ code: 'fact_silences', params: n(c.silences) });
  w.push({ code: 'fact_seconds', params: n(c.seconds) });
  c.words = w.map(reasonZh);
  return c;
}

interface DefaultRule {
  id: string;
  name: string;
  level: IntentionLevel;
  holds: (c: CallSummary) => boolean;
}

/** Wants what the bot offers: a need in words, or yes to the bot three times (more than the person). */
const positive = (c: CallSummary) => (c.need || c.affirm >= 3) && c.stance !== -1;
/** Engaged in the concrete: figures, a callback or visit agreed, the transfer, or business questions. */
const committed = (c: CallSummary, questions: number) =>
  c.figures ||
  c.callback ||
  c.appointment ||
  c.transferred ||
  c.askedHuman ||
  c.businessQuestions >= questions;
const refused = (c: CallSummary) => (c.refuse > 0 || c.declined || c.deny > 0) && c.stance === -1;

/** Rules every default set starts with: a customer who must not be called again is F. */
const NEVER_AGAIN: DefaultRule[] = [
  { id: 'opt-out', name: '要求不再来电', level: 26, holds: (c) => c.optOut },
  { id: 'hostile', name: '态度恶劣', level: 26, holds: (c) => c.hostile && !(c.need && committed(c, 2)) },
  { id: 'wrong-person', name: '非本人', level: 26, holds: (c) => c.wrongPerson },
];

/**
 * Strict (1): A for a customer who wants it and engaged in the concrete (figures, a callback, a
 * visit, the transfer or two business questions); a refusal is F; call me later is E unless the
 * customer showed a need (B); hesitation is C; yes-and-nothing-more is D; said nothing is E.
 */
export const STRICT_DEFAULTS: readonly DefaultRule[] = [
  ...NEVER_AGAIN,
  {
    id: 'strict-a',
    name: '有明确需求',
    level: 21,
    holds: (c) => c.need && c.stance !== -1 && committed(c, 2),
  },
  {
    id: 'strict-a2',
    name: '积极且有具体行动',
    level: 21,
    holds: (c) =>
      positive(c) && !c.hesitate && (c.figures || c.appointment || c.transferred) && c.businessQuestions >= 1,
  },
  // 再看看…先不用了: a hesitation with one soft no is undecided, not a refusal.
  {
    id: 'strict-hesitate',
    name: '犹豫观望',
    level: 23,
    holds: (c) => c.hesitate && c.refuse <= 1 && !c.declined && refused(c),
  },
  { id: 'strict-refuse', name: '明确拒绝', level: 26, holds: refused },
  {
    id: 'strict-later-b',
    name: '有兴趣、约回电',
    level: 22,
    holds: (c) => c.callLater && (c.need || c.figures),
  },
  { id: 'strict-later-c', name: '犹豫、稍后再说', level: 23, holds: (c) => c.callLater && c.hesitate },
  { id: 'strict-later', name: '稍后联系', level: 25, holds: (c) => c.callLater },
  { id: 'strict-human', name: '要求转人工', level: 22, holds: (c) => c.askedHuman || c.transferred },
  {
    id: 'strict-b',
    name: '态度积极',
    level: 22,
    holds: (c) => positive(c) || (c.affirm >= 1 && c.businessQuestions >= 1 && !c.hesitate) || c.figures,
  },
  { id: 'strict-c', name: '犹豫观望', level: 23, holds: (c) => c.hesitate || c.businessQuestions >= 1 },
  { id: 'strict-e', name: '未开口', level: 25, holds: (c) => c.spoke === 0 },
  { id: 'strict-d', name: '意向不明', level: 24, holds: () => true },
];

/** Loose (2): A with one concrete sign; a polite refusal is C, not F. */
export const LOOSE_DEFAULTS: readonly DefaultRule[] = [
  ...NEVER_AGAIN,
  { id: 'loose-a', name: '有需求', level: 21, holds: (c) => positive(c) && committed(c, 1) },
  {
    id: 'loose-later-b',
    name: '有兴趣、约回电',
    level: 22,
    holds: (c) => c.callLater && (c.need || c.affirm > 0),
  },
  { id: 'loose-later', name: '稍后联系', level: 25, holds: (c) => c.callLater },
  {
    id: 'loose-b',
    name: '态度积极',
    level: 22,
    holds: (c) => positive(c) || c.askedHuman || c.transferred || (c.affirm >= 1 && c.businessQuestions >= 1),
  },
  {
    id: 'loose-c',
    name: '婉拒或观望',
    level: 23,
    holds: (c) => refused(c) || c.hesitate || c.businessQuestions >= 1,
  },
  { id: 'loose-e', name: '未开口', level: 25, holds: (c) => c.spoke === 0 },
  { id: 'loose-d', name: '意向不明', level: 24, holds: () => true },
];

/** The platform's own rules (default rule sets) by name: their names are translated. */
const RULE_CODES: Record<string, ReasonCode> = {
  要求不再来电: 'rule_optOut',
  态度恶劣: 'rule_hostile',
  非本人: 'rule_wrongPerson',
  有明确需求: 'rule_need',
  积极且有具体行动: 'rule_active',
  犹豫观望: 'rule_hesitate',
  明确拒绝: 'rule_refuse',
  '有兴趣、约回电': 'rule_interestedLater',
  '犹豫、稍后再说': 'rule_hesitateLater',
  稍后联系: 'rule_later',
  要求转人工: 'rule_human',
  态度积极: 'rule_positive',
  未开口: 'rule_silent',
  意向不明: 'rule_unclear',
  有需求: 'rule_hasNeed',
  婉拒或观望: 'rule_politeRefuse',
};

/** "facts → 规则「rule」→ A"; `rule` is an author's rule name, or a code for the platform's own. */
function because(c: CallSummary, rule: string | ReasonCode, level: number, own = false) {
  const name = own && RULE_CODES[rule] ? { code: RULE_CODES[rule] } : rule;
  return coded('gradeRule', { facts: c.msgs, rule: name, grade: GRADE_LETTER[level] ?? String(level) });
}

export function grade(compiled: CompiledBot, state: SessionState, facts: CallFacts): GradeResult {
  const labels = [...state.lb];
  const withLabel = (label: string | null | undefined) =>
    label && !labels.includes(label) ? [...labels, label] : labels;
  const c = summarise(compiled, state, facts);
  const result = (level: IntentionLevel, reason: GradeResult['reason'], l = labels): GradeResult => ({
    level,
    labels: l,
    facts: c.words,
    factMessages: c.msgs,
    reason,
  });
  // A customer who asked not to be called (or abused the bot) is F whatever the bot's own rules say.
  for (const r of NEVER_AGAIN)
    if (r.holds(c))
      return result(r.level, { kind: 'defaultRule', ruleId: r.id, ...because(c, r.name, r.level, true) });
  for (const r of compiled.def.intentRules) {
    if (r.conditions.every((cd) => conditionHolds(compiled, state, facts, cd)))
      return result(
        r.level,
        { kind: 'rule', ruleId: r.id, ...because(c, r.name, r.level) },
        withLabel(r.label),
      );
  }
  if (state.lv)
    return result(state.lv, {
      kind: 'rule',
      ...coded('gradeRule', {
        facts: c.msgs,
        rule: { code: 'rule_levelSetInCall' },
        grade: GRADE_LETTER[state.lv] ?? String(state.lv),
      }),
    });
  const strict = compiled.def.settings.defaultRuleSet !== 2;
  for (const r of strict ? STRICT_DEFAULTS : LOOSE_DEFAULTS)
    if (r.holds(c))
      return result(r.level, { kind: 'defaultRule', ruleId: r.id, ...because(c, r.name, r.level, true) });
  return result(24, { kind: 'defaultRule', ...because(c, '意向不明', 24, true) });
}
