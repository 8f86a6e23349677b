// Checks of the editor's forms (SPEC §5 Bot editor). Errors map a field to an i18n key of the bots
// namespace; an empty object means valid. The server's checker (POST /check) finds the rest.
import {
  BRANCH_PROPERTIES,
  NextAction,
  RuleItem,
  type Branch,
  type Fallback,
  type FlowNode,
  type IntentRule,
  type KnowledgeQuestion,
  type NextStep,
  type BotSettings,
  type GlobalHandler,
  type GlobalHandling,
} from '../../../../../domain/bot/definition';
import { validTransferWait } from '../../../../../domain/transfer';

export type Errors = Record<string, string>;

const V = 'bots:validation.';

export const hasErrors = (e: Errors): boolean => Object.keys(e).length > 0;

/** Comma separated (ASCII or full-width) into trimmed, non-empty words. */
export const splitList = (text: string): string[] =>
  text
    .split(/[,，]/)
    .map((w) => w.trim())
    .filter((w) => w !== '');

export const joinList = (words: readonly string[] | null | undefined): string => (words ?? []).join(',');

/** One keyword: `word` or `word~9` (the priority must be a whole number). Null when valid. */
export function keywordError(word: string): string | null {
  const i = word.lastIndexOf('~');
  if (i < 0) return null;
  if (word.slice(0, i).trim() === '') return `${V}keyword`;
  return /^\d+$/.test(word.slice(i + 1).trim()) ? null : `${V}priority`;
}

/** The first problem of a keyword list, or null. `required` makes an empty list an error. */
export function keywordsError(words: readonly string[], required: boolean): string | null {
  if (required && words.length === 0) return `${V}required`;
  for (const w of words) {
    const e = keywordError(w);
    if (e) return e;
  }
  return null;
}

const blank = (s: string | null | undefined): boolean => (s ?? '').trim() === '';

export function stepErrors(step: NextStep | null | undefined, prefix: string, e: Errors): void {
  if (!step) return;
  if (step.action === NextAction.SpecifiedFlow && !step.flowId) e[`${prefix}flowId`] = `${V}required`;
  if (step.seatGroupId !== null && step.seatGroupId !== undefined && !(step.seatGroupId > 0))
    e[`${prefix}seatGroupId`] = `${V}positive`;
}

export function fallbackErrors(f: Fallback, prefix: string, e: Errors): void {
  if (!Number.isInteger(f.repeat) || f.repeat < 1 || f.repeat > 5) e[`${prefix}repeat`] = `${V}repeat`;
  stepErrors(f.then, `${prefix}then.`, e);
}

/** A branch: name, property and keywords required (an IVR branch may use its digit instead). */
export function validateBranch(b: Branch, nodeType: FlowNode['type'] = 'normal'): Errors {
  const e: Errors = {};
  if (blank(b.name)) e.name = `${V}required`;
  if (!BRANCH_PROPERTIES.includes(b.property)) e.property = `${V}required`;
  const viaDigit = nodeType === 'ivr' && !blank(b.dtmf);
  const kw = keywordsError(b.keywords, !viaDigit);
  if (kw) e.keywords = kw;
  const ig = keywordsError(b.ignoreKeywords, false);
  if (ig) e.ignoreKeywords = ig;
  if (nodeType === 'ivr' && !blank(b.dtmf) && !/^[0-9*#]+$/.test(b.dtmf!)) e.dtmf = `${V}dtmf`;
  if (!Number.isFinite(b.score)) e.score = `${V}number`;
  if (b.addLabel !== null && b.addLabel !== undefined && blank(b.addLabel)) e.addLabel = `${V}required`;
  stepErrors(b.next, 'next.', e);
  return e;
}

/** A node: name and the bot's text required (a jump node says nothing), fallbacks repeat 1–5. */
export function validateNode(n: FlowNode): Errors {
  const e: Errors = {};
  if (blank(n.name)) e.name = `${V}required`;
  if (n.type !== 'jump' && (n.prompts.length === 0 || n.prompts.some((p) => blank(p.text))))
    e.prompts = `${V}text`;
  if (n.waitSeconds !== null && n.waitSeconds !== undefined && !(n.waitSeconds >= 1 && n.waitSeconds <= 60))
    e.waitSeconds = `${V}waitSeconds`;
  if (
    n.type === 'gather' &&
    !(Number.isInteger(n.gatherDigits) && n.gatherDigits! >= 1 && n.gatherDigits! <= 20)
  )
    e.gatherDigits = `${V}gatherDigits`;
  fallbackErrors(n.noMatch, 'noMatch.', e);
  fallbackErrors(n.silence, 'silence.', e);
  stepErrors(n.next, 'next.', e);
  n.branches.forEach((b, i) => {
    if (hasErrors(validateBranch(b, n.type))) e[`branches.${i}`] = `${V}branch`;
  });
  return e;
}

/** A knowledge question (editor tab and common knowledge). */
export function validateQuestion(q: KnowledgeQuestion): Errors {
  const e: Errors = {};
  if (blank(q.title)) e.title = `${V}required`;
  const kw = keywordsError(q.keywords, true);
  if (kw) e.keywords = kw;
  if (q.answerMode === 'single' && (q.prompts.length === 0 || q.prompts.some((p) => blank(p.text))))
    e.prompts = `${V}text`;
  if (q.answerMode !== 'single' && !q.jump?.flowId) e.jump = `${V}required`;
  if (q.smsTemplateId !== null && q.smsTemplateId !== undefined && !(q.smsTemplateId > 0))
    e.smsTemplateId = `${V}positive`;
  return e;
}

const KEYWORD_ITEMS: readonly number[] = [
  RuleItem.HitAllQuestions,
  RuleItem.HitBusinessQuestions,
  RuleItem.CustomerContent,
  RuleItem.LastSentence,
];
/** Items compared to keywords (question titles or words); the others compare a number. */
export const isKeywordItem = (item: number): boolean => KEYWORD_ITEMS.includes(item);

/** An intention label: required, at most 20 characters, not a duplicate. */
export function labelError(name: string, others: readonly string[]): string | null {
  if (blank(name)) return `${V}required`;
  if (name.trim().length > 20) return `${V}tooLong`;
  if (others.includes(name.trim())) return `${V}duplicate`;
  return null;
}

export function validateRule(r: IntentRule): Errors {
  const e: Errors = {};
  if (blank(r.name)) e.name = `${V}required`;
  if (r.conditions.length === 0) e.conditions = `${V}conditions`;
  r.conditions.forEach((c, i) => {
    if (isKeywordItem(c.item)) {
      const kw = keywordsError(c.keywords ?? [], true);
      if (kw) e[`conditions.${i}.keywords`] = kw;
    } else {
      if (c.op !== 1 && c.op !== 2) e[`conditions.${i}.op`] = `${V}required`;
      if (c.value === null || c.value === undefined || !Number.isFinite(c.value) || c.value < 0)
        e[`conditions.${i}.value`] = `${V}number`;
    }
  });
  if (r.label !== null && r.label !== undefined && blank(r.label)) e.label = `${V}required`;
  return e;
}

const within = (v: number, min: number, max: number) => Number.isFinite(v) && v >= min && v <= max;

export function validateSettings(s: BotSettings): Errors {
  const e: Errors = {};
  if (!within(s.waitSeconds, 1, 60)) e.waitSeconds = `${V}waitSeconds`;
  if (!within(s.maxCallMinutes, 1, 120)) e.maxCallMinutes = `${V}maxCallMinutes`;
  if (!within(s.noiseLevel, 0, 100)) e.noiseLevel = `${V}percent`;
  if (!within(s.noiseFilterRatio, 0, 100)) e.noiseFilterRatio = `${V}percent`;
  const ig = keywordsError(s.ignoreKeywords, false);
  if (ig) e.ignoreKeywords = ig;
  // Absent in documents saved before SPEC §9's wait: the default applies.
  if (s.transferWaitSeconds !== undefined && !validTransferWait(s.transferWaitSeconds))
    e.transferWaitSeconds = `${V}transferWait`;
  return e;
}

/** The server's limits of a bot document (server/src/modules/bots/definitionSchema.ts). */
export const PROMPT_MAX_CHARS = 2000;
export const PROMPTS_MAX = 20;
export const DISCLOSURE_MAX_CHARS = 500;

/** Phrasings of one prompt: at most 20, each at most 2000 characters. Null when valid. */
export function promptsError(prompts: readonly { text: string }[]): string | null {
  if (prompts.length > PROMPTS_MAX) return `${V}promptsMax`;
  return prompts.some((p) => p.text.length > PROMPT_MAX_CHARS) ? `${V}promptTooLong` : null;
}

/** The global handling (settings.global): `<handler>.prompts` and `disclosure`, as the server checks them. */
export function validateGlobal(g: GlobalHandling): Errors {
  const e: Errors = {};
  for (const [key, h] of Object.entries(g)) {
    if (key === 'disclosure' || !h) continue;
    const pe = promptsError((h as GlobalHandler).prompts);
    if (pe) e[`${key}.prompts`] = pe;
  }
  if (g.disclosure.length > DISCLOSURE_MAX_CHARS) e.disclosure = `${V}disclosureTooLong`;
  return e;
}

/** Bot name 2–50 characters (list dialogs). */
export function nameError(name: string): string | null {
  const n = name.trim().length;
  if (n === 0) return `${V}required`;
  return n < 2 || n > 50 ? `${V}name` : null;
}

/** http(s) URL with a host (SPEC §5). */
export const isHttpUrl = (s: string): boolean => /^https?:\/\/[^\s/?#]+/.test(s.trim());
