// The bot document: what the editor edits, the API stores (one JSON document per bot
// version) and compile() turns into a compiled bot. Codes are SPEC §4's, exact.
// This file is the contract between domain/bot (engine), server/modules/bots (API)
// and client/features/bots (editor): change it in all three together.
import { DEFAULT_TRANSFER_WAIT_S } from '../transfer';
import { GRADE_CODE, GRADE_LEVELS, type GradeLevel } from '../dialer/levels';

/** Intention levels A–F (SPEC §4). */
export const IntentionLevel = GRADE_CODE;
export type IntentionLevel = GradeLevel;
export const INTENTION_LEVELS: readonly IntentionLevel[] = GRADE_LEVELS;

// Call result levels outside A–F (SPEC §4): domain/telephony.ts ResultLevel. The engine itself only
// ends with 70 (assistant intercept).

/** Next action after a node or branch (SPEC §4). */
export const NextAction = {
  HangUp: 0,
  WaitResponse: 1,
  NextFlow: 2,
  SpecifiedFlow: 3,
  TransferHuman: 4,
} as const;
export type NextAction = (typeof NextAction)[keyof typeof NextAction];
export const NEXT_ACTIONS: readonly NextAction[] = [0, 1, 2, 3, 4];

/** Speech speed codes (SPEC §4). */
export const SPEECH_SPEEDS: readonly number[] = [1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 9999];

/** Question types (SPEC §4). */
export const QuestionType = { General: 10001, Business: 20001 } as const;
export type QuestionType = (typeof QuestionType)[keyof typeof QuestionType];

/** Call-rule condition items (SPEC §4). */
export const RuleItem = {
  HitAllQuestions: 5000,
  HitBusinessQuestions: 5001,
  AffirmCount: 5002,
  RefuseCount: 5003,
  CustomerSpeechCount: 5004,
  CallDuration: 5005,
  CustomerContent: 5006,
  FinishedMainFlow: 5007,
  CallStatus: 5008,
  LastSentence: 5009,
  DialogueRounds: 5010,
} as const;
export type RuleItem = (typeof RuleItem)[keyof typeof RuleItem];
export const RULE_ITEMS: readonly RuleItem[] = Object.values(RuleItem);

/** Comparison operators (SPEC §4): >= is 1, <= is 2. */
export const Compare = { AtLeast: 1, AtMost: 2 } as const;
export type Compare = (typeof Compare)[keyof typeof Compare];

/**
 * Keyword match counts (SPEC §4): at least 1 is 1, include all is 2, at least n (2..10) is n + 1.
 * Use matchCountNeeded() to read one.
 */
export const MATCH_COUNT_ALL = 2;
export const MATCH_COUNTS: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

/** Default rule sets (SPEC §4). */
export const DefaultRuleSet = { Strict: 1, Loose: 2 } as const;
export type DefaultRuleSet = (typeof DefaultRuleSet)[keyof typeof DefaultRuleSet];

/** Branch properties: how a branch counts in the intention rules (affirm/deny/refuse counts). */
export const BRANCH_PROPERTIES = ['affirm', 'deny', 'refuse', 'neutral', 'other'] as const;
export type BranchProperty = (typeof BRANCH_PROPERTIES)[number];

export const NODE_TYPES = ['text', 'voice', 'ivr', 'gather', 'jump', 'normal'] as const;
/** text = TTS prompt; voice = pre-recorded prompt; ivr = DTMF menu; gather = collect digits; jump = go to another flow/node at once; normal = prompt then branches. */
export type NodeType = (typeof NODE_TYPES)[number];

export const ANSWER_MODES = ['single', 'multi', 'jump'] as const;
/** single sentence; enter multi-round talk (a flow of kind 'multi'); jump to a flow. */
export type AnswerMode = (typeof ANSWER_MODES)[number];

export const KEYWORD_MATCH_MODES = ['contains', 'exact'] as const;
export type KeywordMatchMode = (typeof KEYWORD_MATCH_MODES)[number];

/** Which sentence starts speech recognition: right away during the first prompt, or after it. */
export const RECOGNITION_STARTS = ['first', 'afterFirst'] as const;
export type RecognitionStart = (typeof RECOGNITION_STARTS)[number];

/** One phrasing of a prompt: text to speak (TTS or the recording's transcript) and optionally a recording. */
export interface Prompt {
  text: string;
  /** id of an uploaded recording (bot_recordings.id); when present it is played instead of TTS. */
  recordingId?: number | null;
}

/**
 * Where to go next. flowId/nodeId for SpecifiedFlow (3); seatGroupId for TransferHuman (4), whose
 * flowId/nodeId (optional) is the fallback: where the bot goes on when no seat takes the call.
 */
export interface NextStep {
  action: NextAction;
  flowId?: string | null;
  nodeId?: string | null;
  seatGroupId?: number | null;
}

export interface Branch {
  id: string;
  name: string;
  property: BranchProperty;
  /** Keywords; `word~9` gives priority 9 (higher wins when several branches match). */
  keywords: string[];
  /** SPEC §4 match-count code. */
  matchCount: number;
  /** A sentence that contains any of these does not match this branch. */
  ignoreKeywords: string[];
  /** For ivr nodes: the digit(s) that choose this branch. */
  dtmf?: string | null;
  /** Answer phrasings, rotated when the branch is hit again. May be empty (go straight on). */
  prompts: Prompt[];
  score: number;
  next: NextStep;
  setLevel?: IntentionLevel | null;
  addLabel?: string | null;
  smsTemplateId?: number | null;
}

/** What to do on no match or on silence: say one of the prompts, up to `repeat` times, then `then`. */
export interface Fallback {
  prompts: Prompt[];
  /** 1–5 (SPEC §9). */
  repeat: number;
  then: NextStep;
}

export interface FlowNode {
  id: string;
  name: string;
  type: NodeType;
  /** The bot's words; several phrasings are rotated when the node is entered again. */
  prompts: Prompt[];
  /** Smart interruption allowed while this node's prompt plays (SPEC §9: more than 2 words). */
  interruptible: boolean;
  /** Seconds to wait for an answer; null = the bot's waitSeconds. */
  waitSeconds?: number | null;
  branches: Branch[];
  noMatch: Fallback;
  silence: Fallback;
  /** For nodes without branches (and jump nodes): where to go after the prompt. */
  next?: NextStep | null;
  /** For gather nodes: how many digits to collect. */
  gatherDigits?: number | null;
  /** Editor layout only. */
  position?: { x: number; y: number };
}

export interface Flow {
  id: string;
  name: string;
  /** main = proactive flows, in order ("next proactive flow" = the next main flow); multi = multi-round talks. */
  kind: 'main' | 'multi';
  startNodeId: string;
  nodes: FlowNode[];
}

export interface KnowledgeQuestion {
  id: string;
  title: string;
  type: QuestionType;
  keywords: string[];
  matchCount: number;
  answerMode: AnswerMode;
  prompts: Prompt[];
  /** For answerMode multi: the multi flow; for jump: the main flow (and optional node). */
  jump?: NextStep | null;
  ignoreSilence: boolean;
  playWithMainFlow: boolean;
  highPriority: boolean;
  setLevel?: IntentionLevel | null;
  smsTemplateId?: number | null;
  /** true for questions copied in from the account's common knowledge (/bot/commonknow). */
  common?: boolean;
}

export interface RuleCondition {
  item: RuleItem;
  /** For numeric items (counts, duration s, rounds): the comparison and the value. */
  op?: Compare | null;
  value?: number | null;
  /** For 5006/5009 (content, last sentence) and 5000/5001 (question titles or ids): the list and the match-count code. */
  keywords?: string[] | null;
  matchCount?: number | null;
}

export interface IntentRule {
  id: string;
  name: string;
  /** All conditions must hold; rules are evaluated by ascending order, the first that holds wins. */
  conditions: RuleCondition[];
  level: IntentionLevel;
  label?: string | null;
}

export interface BotSettings {
  /** Seconds to wait for the customer before the silence fallback. */
  waitSeconds: number;
  /** Maximum call duration in minutes; the engine hangs up when it is reached. */
  maxCallMinutes: number;
  noiseLevel: number;
  /** 0–100 (%). */
  noiseFilterRatio: number;
  /** Words stripped from customer text before matching (filler words). */
  ignoreKeywords: string[];
  speed: number;
  keywordMatchMode: KeywordMatchMode;
  recognitionStart: RecognitionStart;
  /** When no rule holds. */
  defaultRuleSet: DefaultRuleSet;
  /** SPEC §9 manual-transfer wait: 0 = for ever, else a multiple of 5 s up to 600 (absent = 30). */
  transferWaitSeconds?: number;
  /**
   * What every bot does on the dialogue acts that are the same whatever the script (ask for a
   * human, call me later, stop calling, are you a robot) and the AI disclosure at the start.
   * Absent (documents saved before it existed) = DEFAULT_GLOBAL_HANDLING.
   */
  global?: GlobalHandling;
}

/**
 * Dialogue acts: what a customer sentence does, recognised in every sentence whatever the bot
 * (domain/bot/understand). They feed the rule items (5002 affirm, 5003 refuse, 5004, 5009, 5010),
 * the global handling and the facts of the grade.
 */
export const DIALOGUE_ACTS = [
  'affirm',
  'deny',
  'refuse',
  'hostile',
  'busy',
  'askHuman',
  'askRobot',
  'question',
  'complaint',
  'wrongPerson',
  'silence',
  'assistant',
  'voicemail',
] as const;
export type DialogueAct = (typeof DIALOGUE_ACTS)[number];

/** One global handler: on/off and the bot's words for it (several phrasings rotate). */
export interface GlobalHandler {
  enabled: boolean;
  prompts: Prompt[];
}

export interface GlobalHandling {
  /** 转人工 / 找真人: the bot's transfer node when it has one; else the prompt, a callback reminder, end (grade B at least). */
  askHuman: GlobalHandler;
  /** 在开车 / 晚点再说: the prompt (a polite callback line), end, grade E, reminder at the named time. */
  callLater: GlobalHandler;
  /** 别再打了 / 投诉: the prompt (an apology) once, end, grade F, the number on the account's blacklist. */
  optOut: GlobalHandler;
  /** 你是机器人吗: the honest answer, then the current node's question again. */
  robot: GlobalHandler;
  /** Said before the first node's words when not blank: the AI disclosure ('' = off). */
  disclosure: string;
  /** A clear refusal at a node without a refusal branch: the goodbye, end (absent = the default). */
  decline?: GlobalHandler;
  /** A question the bot has no answer for: the line, then the node's question again (absent = the default). */
  unknownQuestion?: GlobalHandler;
}

export interface LlmUse {
  /** Answer utterances that matched nothing. */
  answerUnmatched: boolean;
  /** Grade a finished call (the LLM grade field). */
  gradeCall: boolean;
}

export interface BotDefinition {
  settings: BotSettings;
  flows: Flow[];
  knowledge: KnowledgeQuestion[];
  intentLabels: string[];
  intentRules: IntentRule[];
  /** Chinese only, no symbols, ≤ 10 characters each (SPEC §5). */
  hotWords: string[];
  /** Anti-voicemail / assistant interception keywords: a hit ends the call as 70. */
  interceptKeywords: string[];
  llm: LlmUse;
}

/** SPEC §4 match-count code -> how many distinct keywords must match; 'all' for code 2. */
export function matchCountNeeded(code: number): number | 'all' {
  if (code === MATCH_COUNT_ALL) return 'all';
  if (code <= 1) return 1;
  return code - 1;
}

const words = (...texts: string[]): Prompt[] => texts.map((text) => ({ text, recordingId: null }));

export const DEFAULT_GLOBAL_HANDLING: GlobalHandling = {
  askHuman: { enabled: true, prompts: words('好的，我这就安排专人尽快给您回电，请保持电话畅通，再见。') },
  callLater: {
    enabled: true,
    prompts: words(
      '好的，那先不打扰您了，我们稍后再联系您，再见。',
      '好的，您先忙，回头再给您打过来，再见。',
    ),
  },
  optOut: {
    enabled: true,
    prompts: words('非常抱歉打扰到您，我们以后不会再拨打您的电话，再见。'),
  },
  robot: {
    enabled: true,
    prompts: words('我是智能语音助手，帮您先了解一下情况，需要的话可以随时为您转接人工。'),
  },
  disclosure: '',
  decline: { enabled: true, prompts: words('好的，不打扰您了，祝您生活愉快，再见。') },
  unknownQuestion: {
    enabled: true,
    prompts: words('您这个问题我记下了，稍后安排专人给您详细解答。'),
  },
};

/** The global handling of a bot, filling in what an older document does not have. */
export function globalHandlingOf(settings: BotSettings): Required<GlobalHandling> {
  const d = DEFAULT_GLOBAL_HANDLING as Required<GlobalHandling>;
  const g = settings.global;
  if (!g) return d;
  return {
    ...d,
    ...g,
    decline: g.decline ?? d.decline,
    unknownQuestion: g.unknownQuestion ?? d.unknownQuestion,
  };
}

export const DEFAULT_SETTINGS: BotSettings = {
  waitSeconds: 5,
  maxCallMinutes: 5,
  noiseLevel: 0,
  noiseFilterRatio: 0,
  ignoreKeywords: [],
  speed: 1003,
  keywordMatchMode: 'contains',
  recognitionStart: 'first',
  defaultRuleSet: 1,
  transferWaitSeconds: DEFAULT_TRANSFER_WAIT_S,
  global: DEFAULT_GLOBAL_HANDLING,
};
