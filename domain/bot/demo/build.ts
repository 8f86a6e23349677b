// Small builders that keep the demo bots readable. Defaults are what a careful editor would set.
import type {
  BotDefinition,
  BotSettings,
  Branch,
  BranchProperty,
  Fallback,
  FlowNode,
  GlobalHandling,
  IntentRule,
  IntentionLevel,
  KnowledgeQuestion,
  NextStep,
  Prompt,
  QuestionType,
  RuleCondition,
} from '../definition';
import { DEFAULT_SETTINGS } from '../definition';

export const say = (...texts: string[]): Prompt[] => texts.map((text) => ({ text, recordingId: null }));

export const hangUp: NextStep = { action: 0 };
export const waitReply: NextStep = { action: 1 };
export const nextFlow: NextStep = { action: 2 };
export const goTo = (flowId: string, nodeId?: string): NextStep => ({
  action: 3,
  flowId,
  nodeId: nodeId ?? null,
});
/** A transfer to a seat group; with a fallback, the bot goes on there when no seat takes the call. */
export const transfer = (seatGroupId: number, fallback?: { flowId: string; nodeId: string }): NextStep => ({
  action: 4,
  seatGroupId,
  ...(fallback ? { flowId: fallback.flowId, nodeId: fallback.nodeId } : {}),
});

export function branch(
  id: string,
  name: string,
  property: BranchProperty,
  keywords: string[],
  next: NextStep,
  prompts: string[] = [],
  extra: Partial<Branch> = {},
): Branch {
  return {
    id,
    name,
    property,
    keywords,
    matchCount: 1,
    ignoreKeywords: [],
    prompts: say(...prompts),
    score: property === 'affirm' ? 10 : 0,
    next,
    ...extra,
  };
}

/** Say one of the prompts (rotating) up to `repeat` times, then take `then`. */
export const fallback = (prompts: string[], then: NextStep = hangUp, repeat = 2): Fallback => ({
  prompts: say(...prompts),
  repeat,
  then,
});

const SILENCE_PROMPTS = ['喂，您好，还能听到我说话吗？', '您好，请问还在吗？'];

/**
 * The fallbacks of a question node: on no match re-ask in the node's own words (twice) and then go
 * on at `missThen` (the next question or a polite end, not a bare hang-up); on silence ask twice
 * whether the customer is still there, then `silentThen` (usually a polite goodbye node).
 */
export const misses = (
  reask: string[],
  missThen: NextStep,
  silentThen: NextStep,
): Pick<FlowNode, 'noMatch' | 'silence'> => ({
  noMatch: fallback(reask, missThen),
  silence: fallback(SILENCE_PROMPTS, silentThen),
});

export function node(
  id: string,
  name: string,
  prompts: string[],
  branches: Branch[],
  extra: Partial<FlowNode> = {},
): FlowNode {
  return {
    id,
    name,
    type: 'normal',
    prompts: say(...prompts),
    interruptible: true,
    waitSeconds: null,
    branches,
    noMatch: fallback(['不好意思，我没太听清，您能再说一遍吗？', '抱歉，您的意思是？']),
    silence: fallback(SILENCE_PROMPTS),
    ...extra,
  };
}

/**
 * A node that only speaks and then takes `next` (a goodbye, a transfer, a confirmation). It never
 * waits for an answer, so it has no fallback words (nothing to record for them).
 */
export const statement = (id: string, name: string, text: string, next: NextStep): FlowNode =>
  node(id, name, [text], [], { next, noMatch: fallback([], hangUp, 1), silence: fallback([], hangUp, 1) });

export function question(
  id: string,
  title: string,
  type: QuestionType,
  keywords: string[],
  answers: string[],
  extra: Partial<KnowledgeQuestion> = {},
): KnowledgeQuestion {
  return {
    id,
    title,
    type,
    keywords,
    matchCount: 1,
    answerMode: 'single',
    prompts: say(...answers),
    jump: null,
    ignoreSilence: false,
    playWithMainFlow: false,
    highPriority: false,
    ...extra,
  };
}

export const when = (item: RuleCondition['item'], op: 1 | 2, value: number): RuleCondition => ({
  item,
  op,
  value,
});
export const saidAny = (item: 5006 | 5009, keywords: string[]): RuleCondition => ({
  item,
  keywords,
  matchCount: 1,
});

export function rule(
  id: string,
  name: string,
  level: IntentionLevel,
  conditions: RuleCondition[],
  label?: string,
): IntentRule {
  return { id, name, level, conditions, label: label ?? null };
}

/** The global handling of a bot, every handler on, in the bot's own words. */
export function globalHandling(g: {
  askHuman: string[];
  callLater: string[];
  optOut: string[];
  robot: string[];
  decline: string[];
  unknownQuestion: string[];
  disclosure: string;
}): GlobalHandling {
  const on = (texts: string[]) => ({ enabled: true, prompts: say(...texts) });
  return {
    askHuman: on(g.askHuman),
    callLater: on(g.callLater),
    optOut: on(g.optOut),
    robot: on(g.robot),
    decline: on(g.decline),
    unknownQuestion: on(g.unknownQuestion),
    disclosure: g.disclosure,
  };
}

export function bot(
  def: Omit<BotDefinition, 'settings' | 'llm'> & { settings?: Partial<BotSettings> },
): BotDefinition {
  return {
    ...def,
    settings: { ...DEFAULT_SETTINGS, ...def.settings },
    llm: { answerUnmatched: false, gradeCall: false },
  };
}
