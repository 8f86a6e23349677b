// grade(): the intention level of a finished (or running) call from the session counters.
// Order: the bot's intention rules (array order, all conditions must hold, first wins); then a
// level set during the call by a branch or question; then the default rule set (strict/loose).
import type { CompiledBot } from './compile';
import type { IntentRule, RuleCondition } from './definition';
import { matchCountNeeded } from './definition';
import type { SessionState } from './engine';
import { normaliseBase } from './normalise';
import type { CallFacts, GradeResult } from './session';

const cond = (item: RuleCondition['item'], op: 1 | 2, value: number): RuleCondition => ({ item, op, value });
const rule = (
  id: string,
  name: string,
  level: IntentRule['level'],
  conditions: RuleCondition[],
): IntentRule => ({
  id,
  name,
  level,
  conditions,
});

/**
 * Strict (1): A only for a customer who agreed at least twice, never refused, asked a
 * business question and heard the whole main flow; B agreed with no refusal over 3+ rounds;
 * F refused without agreeing; C agreed at some point and talked; E said nothing; D otherwise.
 */
export const STRICT_RULES: readonly IntentRule[] = [
  rule('strict-a', '严格规则A', 21, [cond(5002, 1, 2), cond(5003, 2, 0), cond(5001, 1, 1), cond(5007, 1, 1)]),
  rule('strict-b', '严格规则B', 22, [cond(5002, 1, 1), cond(5003, 2, 0), cond(5010, 1, 3)]),
  rule('strict-f', '严格规则F', 26, [cond(5003, 1, 1), cond(5002, 2, 0)]),
  rule('strict-c', '严格规则C', 23, [cond(5002, 1, 1), cond(5004, 1, 2)]),
  rule('strict-e', '严格规则E', 25, [cond(5004, 2, 0)]),
  rule('strict-d', '严格规则D', 24, []),
];

/**
 * Loose (2): A for one agreement without refusal plus a business question or the finished
 * main flow; B for any agreement; C talked twice without refusing; F refused twice without
 * agreeing; D talked at all; E otherwise.
 */
export const LOOSE_RULES: readonly IntentRule[] = [
  rule('loose-a1', '宽松规则A（业务问题）', 21, [cond(5002, 1, 1), cond(5003, 2, 0), cond(5001, 1, 1)]),
  rule('loose-a2', '宽松规则A（走完主流程）', 21, [cond(5002, 1, 1), cond(5003, 2, 0), cond(5007, 1, 1)]),
  rule('loose-b', '宽松规则B', 22, [cond(5002, 1, 1)]),
  rule('loose-c', '宽松规则C', 23, [cond(5004, 1, 2), cond(5003, 2, 0)]),
  rule('loose-f', '宽松规则F', 26, [cond(5003, 1, 2), cond(5002, 2, 0)]),
  rule('loose-d', '宽松规则D', 24, [cond(5004, 1, 1)]),
  rule('loose-e', '宽松规则E', 25, []),
];

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

export function grade(compiled: CompiledBot, state: SessionState, facts: CallFacts): GradeResult {
  const labels = [...state.lb];
  const withLabel = (label: string | null | undefined) =>
    label && !labels.includes(label) ? [...labels, label] : labels;
  for (const r of compiled.def.intentRules) {
    if (r.conditions.every((c) => conditionHolds(compiled, state, facts, c)))
      return {
        level: r.level,
        labels: withLabel(r.label),
        reason: { kind: 'rule', ruleId: r.id, text: `意向规则「${r.name}」成立` },
      };
  }
  if (state.lv)
    return { level: state.lv, labels, reason: { kind: 'rule', text: '通话中分支或问题设置的客户等级' } };
  const strict = compiled.def.settings.defaultRuleSet !== 2;
  for (const r of strict ? STRICT_RULES : LOOSE_RULES) {
    // Default rules are built here, not in the document: conditions have no keywords.
    if (r.conditions.every((c) => conditionHolds(compiled, state, facts, c)))
      return {
        level: r.level,
        labels,
        reason: { kind: 'defaultRule', ruleId: r.id, text: `没有意向规则成立，默认规则「${r.name}」成立` },
      };
  }
  return { level: 24, labels, reason: { kind: 'defaultRule', text: '默认等级D' } };
}
