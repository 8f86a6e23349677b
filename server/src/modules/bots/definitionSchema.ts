// The structural check of a BotDefinition (domain/bot/definition.ts), field by field. It only says
// "this is a well-formed document"; whether the bot makes sense (reachable nodes, jumps that land)
// is the engine's check(), run on publish.
import { z } from 'zod';
import {
  ANSWER_MODES,
  BRANCH_PROPERTIES,
  INTENTION_LEVELS,
  KEYWORD_MATCH_MODES,
  MATCH_COUNTS,
  NEXT_ACTIONS,
  NODE_TYPES,
  RECOGNITION_STARTS,
  RULE_ITEMS,
  SPEECH_SPEEDS,
} from '../../../../domain/bot/definition';
import { hotWordProblem } from '../../../../domain/bot/hotWords';
import { validTransferWait } from '../../../../domain/transfer';

/** Upper bound of a serialised definition (draft save, import). */
export const MAX_DEFINITION_BYTES = 2 * 1024 * 1024;

const oneOf = <T extends number>(values: readonly T[]) =>
  z.number('validation.invalid').refine((v) => values.includes(v as T), 'validation.invalid');
const str = (max: number) => z.string('validation.invalid').max(max, 'validation.invalid');
const id = z.string('validation.invalid').min(1, 'validation.required').max(64, 'validation.invalid');
const words = (max = 2000) => z.array(str(100), 'validation.invalid').max(max, 'validation.invalid');
const level = oneOf(INTENTION_LEVELS);
const optId = z.number('validation.invalid').int().positive().nullable().optional();

const prompt = z.object({
  text: str(2000),
  recordingId: optId,
});
const prompts = z.array(prompt, 'validation.invalid').max(20, 'validation.invalid');

const nextStep = z.object({
  action: oneOf(NEXT_ACTIONS),
  flowId: id.nullable().optional(),
  nodeId: id.nullable().optional(),
  seatGroupId: optId,
});

const branch = z.object({
  id,
  name: str(100).min(1, 'validation.required'),
  property: z.enum(BRANCH_PROPERTIES, 'validation.invalid'),
  keywords: words(),
  matchCount: oneOf(MATCH_COUNTS),
  ignoreKeywords: words(),
  dtmf: z
    .string('validation.invalid')
    .regex(/^[0-9*#]{1,8}$/, 'validation.invalid')
    .nullable()
    .optional(),
  prompts,
  score: z.number('validation.invalid').finite(),
  next: nextStep,
  setLevel: level.nullable().optional(),
  addLabel: str(50).nullable().optional(),
  smsTemplateId: optId,
});

const fallback = z.object({
  prompts,
  repeat: z.number('validation.invalid').int().min(1, 'validation.invalid').max(5, 'validation.invalid'),
  then: nextStep,
});

const node = z.object({
  id,
  name: str(100).min(1, 'validation.required'),
  type: z.enum(NODE_TYPES, 'validation.invalid'),
  prompts,
  interruptible: z.boolean('validation.invalid'),
  waitSeconds: z.number('validation.invalid').int().min(0).max(600).nullable().optional(),
  branches: z.array(branch, 'validation.invalid').max(100, 'validation.invalid'),
  noMatch: fallback,
  silence: fallback,
  next: nextStep.nullable().optional(),
  gatherDigits: z.number('validation.invalid').int().min(1).max(32).nullable().optional(),
  position: z.object({ x: z.number().finite(), y: z.number().finite() }).optional(),
});

const flow = z.object({
  id,
  name: str(100).min(1, 'validation.required'),
  kind: z.enum(['main', 'multi'], 'validation.invalid'),
  startNodeId: id,
  nodes: z.array(node, 'validation.invalid').max(500, 'validation.invalid'),
});

export const knowledgeQuestionSchema = z.object({
  id,
  title: str(200).min(1, 'validation.required'),
  type: oneOf([10001, 20001] as const),
  keywords: words(),
  matchCount: oneOf(MATCH_COUNTS),
  answerMode: z.enum(ANSWER_MODES, 'validation.invalid'),
  prompts,
  jump: nextStep.nullable().optional(),
  ignoreSilence: z.boolean('validation.invalid'),
  playWithMainFlow: z.boolean('validation.invalid'),
  highPriority: z.boolean('validation.invalid'),
  setLevel: level.nullable().optional(),
  smsTemplateId: optId,
  common: z.boolean('validation.invalid').optional(),
});

const condition = z.object({
  item: oneOf(RULE_ITEMS),
  op: oneOf([1, 2] as const)
    .nullable()
    .optional(),
  value: z.number('validation.invalid').finite().nullable().optional(),
  keywords: words().nullable().optional(),
  matchCount: oneOf(MATCH_COUNTS).nullable().optional(),
});

const rule = z.object({
  id,
  name: str(100),
  conditions: z.array(condition, 'validation.invalid').max(50, 'validation.invalid'),
  level,
  label: str(50).nullable().optional(),
});

const globalHandler = z.object({ enabled: z.boolean('validation.invalid'), prompts });

const settings = z.object({
  waitSeconds: z.number('validation.invalid').int().min(1).max(60),
  maxCallMinutes: z.number('validation.invalid').int().min(1).max(120),
  noiseLevel: z.number('validation.invalid').finite().min(0).max(100),
  noiseFilterRatio: z.number('validation.invalid').finite().min(0).max(100),
  ignoreKeywords: words(),
  speed: oneOf(SPEECH_SPEEDS),
  keywordMatchMode: z.enum(KEYWORD_MATCH_MODES, 'validation.invalid'),
  recognitionStart: z.enum(RECOGNITION_STARTS, 'validation.invalid'),
  defaultRuleSet: oneOf([1, 2] as const),
  // Optional: documents saved before SPEC §9's wait read as DEFAULT_TRANSFER_WAIT_S.
  transferWaitSeconds: z
    .number('validation.invalid')
    .refine(validTransferWait, 'validation.invalid')
    .optional(),
  // Optional: documents saved before the global handling read as DEFAULT_GLOBAL_HANDLING.
  global: z
    .object({
      askHuman: globalHandler,
      callLater: globalHandler,
      optOut: globalHandler,
      robot: globalHandler,
      disclosure: str(500),
      decline: globalHandler.optional(),
      unknownQuestion: globalHandler.optional(),
    })
    .optional(),
});

// SPEC §5: hot words are Chinese only, no symbols, at most 10 characters (the editor's own rule).
const hotWord = z.string('validation.invalid').refine((w) => hotWordProblem(w) === null, 'bots.hotWord');

export const definitionSchema = z.object({
  settings,
  flows: z.array(flow, 'validation.invalid').min(1, 'validation.required').max(100, 'validation.invalid'),
  knowledge: z.array(knowledgeQuestionSchema, 'validation.invalid').max(2000, 'validation.invalid'),
  intentLabels: z.array(str(50), 'validation.invalid').max(200, 'validation.invalid'),
  intentRules: z.array(rule, 'validation.invalid').max(200, 'validation.invalid'),
  hotWords: z.array(hotWord, 'validation.invalid').max(500, 'validation.invalid'),
  interceptKeywords: words(),
  llm: z.object({
    answerUnmatched: z.boolean('validation.invalid'),
    gradeCall: z.boolean('validation.invalid'),
  }),
});
