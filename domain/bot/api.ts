// The /api/bots contract (server/src/modules/bots <-> client/src/features/bots).
// Every reply is the SPEC §8 envelope; `data` has the types below.
//
// Bots (menu bot/botview):
//   GET    /api/bots?name=&status=&enabled=&page=&pageSize=   -> Paged<BotRow>
//   POST   /api/bots                      BotCreateRequest     -> BotDetail   (draft = a starter flow)
//   GET    /api/bots/:id                                       -> BotDetail   (with the draft)
//   PUT    /api/bots/:id                  BotMetaRequest       -> BotDetail   (name, industry, ...)
//   PUT    /api/bots/:id/draft            { definition, draftRev } -> BotDetail (409 if draftRev is stale)
//   POST   /api/bots/:id/check                                  -> { problems: BotProblem[] }
//   POST   /api/bots/:id/copy             { name }             -> BotDetail
//   DELETE /api/bots/:id                  { confirm: 'delete' } -> null
//   POST   /api/bots/:id/enable           { enabled }          -> BotRow
//   POST   /api/bots/:id/submit                                -> BotRow (status review, or online at once when the account needs no review)
//   POST   /api/bots/:id/review           { approve, reason? } -> BotRow (super admin only; approve publishes)
//   GET    /api/bots/:id/versions                              -> BotVersionRow[]
//   POST   /api/bots/:id/export           { password }         -> file download (application/json, bot file)  (the Bot download password, SPEC §5)
//   POST   /api/bots/import               multipart file + password -> BotDetail
//   POST   /api/bots/:id/distribute       { accountIds, mode: 'copy'|'sync' } -> { done: number }   (merchants, to subordinates)
//   POST   /api/bots/:id/train            TrainRequest         -> TrainReply  (runs the engine on the draft)
//   GET    /api/bots/:id/learning?learned=                     -> LearningRow[]
//   POST   /api/bots/:id/learning/:lid/learn { target: { kind: 'branch'|'question', id, nodeId? } } -> LearningRow
//   GET    /api/bots/:id/recordings                            -> RecordingRow[] (each fixed prompt: to be recorded / recorded)
//   POST   /api/bots/:id/recordings       multipart file (WAV mono 8000 Hz) + promptKey -> RecordingRow
//   GET    /api/bots/recordings/:rid/audio                      -> audio/wav
//   POST   /api/bots/tts/preview          { text, speed? }     -> audio/wav (rendered by the account's TTS)
// Market (bot/botviewmarket):
//   GET    /api/bots/market                                    -> BotRow[] (published templates)
//   POST   /api/bots/:id/publish-template { published }        -> BotRow  (super admin)
//   POST   /api/bots/market/:id/clone     { name }             -> BotDetail
// Common knowledge (bot/commonknow): GET/POST/PUT/DELETE /api/bots/common-knowledge[/:id] (KnowledgeQuestion bodies)
// LLM settings (bot/bigmodel): GET/PUT /api/bots/llm-settings  LlmSettings (key never returned: keySet: boolean); POST /api/bots/llm-settings/test
// TTS settings: GET/PUT /api/bots/tts-settings  TtsSettings
import type { BotDefinition, KnowledgeQuestion } from './definition';
import type { BotAction, BotEvent, GradeResult, Reason } from './session';

export type BotStatus = 'draft' | 'review' | 'online' | 'rejected';

export interface BotRow {
  id: number;
  accountId: number;
  name: string;
  industry: string;
  industrySubtype: string;
  description: string;
  status: BotStatus;
  enabled: boolean;
  /** Version number currently published (null until first publish). */
  publishedVersion: number | null;
  rejectReason: string | null;
  isTemplate: boolean;
  updatedAt: string;
  /** The owner's account name (the bot list only: a subtree holds copies of one bot under one name). */
  ownerAccount?: string;
}

export interface BotDetail extends BotRow {
  definition: BotDefinition;
  /** Optimistic-concurrency counter of the draft. */
  draftRev: number;
}

export interface BotMetaRequest {
  name: string;
  industry: string;
  industrySubtype: string;
  description: string;
}
export interface BotCreateRequest extends BotMetaRequest {
  /** Idempotency key (8–64 characters): a repeated create with the same key returns the first bot. */
  requestId?: string;
}

export interface BotVersionRow {
  version: number;
  createdAt: string;
  createdBy: string;
  /** Prompts rendered / total for this version. */
  promptsRendered: number;
  promptsTotal: number;
}

/** A problem found by the checker; errors block publishing, warnings do not. */
export interface BotProblem {
  severity: 'error' | 'warning';
  /** i18n key under bots:problems.*, e.g. 'unreachableNode', 'danglingJump', 'emptyKeywords'. */
  code: string;
  /** Where: e.g. 'flows.0.nodes.2.branches.1.keywords' — the editor highlights it. */
  path: string;
  /** Names for the message, e.g. { node: '开场白' }. */
  params: Record<string, string>;
}

export interface TrainRequest {
  /** null starts a new conversation (answered event). */
  state: string | null;
  event: BotEvent;
  /** The conversation so far as the chat shows it: graded by the LLM when the bot asks for an LLM grade and the call ends. */
  transcript?: { role: 'bot' | 'customer'; text: string }[];
}
export interface TrainReply {
  /** Opaque serialised session state to send back with the next event. */
  state: string;
  actions: BotAction[];
  ended: boolean;
  /** Present once the conversation ended. */
  grade: GradeResult | null;
  /** The account LLM's grade A–F of the ended conversation, when the bot asks for one (llm.gradeCall). */
  llmGrade?: string | null;
}

export interface LearningRow {
  id: number;
  botId: number;
  sentence: string;
  /** Where it came from: training or a call. */
  source: 'training' | 'call';
  nodeName: string | null;
  learned: boolean;
  createdAt: string;
}

export interface RecordingRow {
  /** Stable key of a fixed prompt, e.g. 'flow:<flowId>:node:<nodeId>:prompt:0'. */
  promptKey: string;
  text: string;
  where: string;
  recordingId: number | null;
  recorded: boolean;
}

export interface LlmSettings {
  enabled: boolean;
  baseUrl: string;
  model: string;
  systemPrompt: string;
  timeoutMs: number;
  /** The key is write-only: send `key` to change it; replies carry keySet. */
  key?: string;
  keySet?: boolean;
}

export interface TtsSettings {
  /** 'espeak' = the local offline engine; 'azure' = Azure Speech REST (cloud). */
  engine: 'espeak' | 'azure';
  voice: string;
  region?: string;
  key?: string;
  keySet?: boolean;
}

export type CommonKnowledge = KnowledgeQuestion & { dbId: number };
export type { Reason };
