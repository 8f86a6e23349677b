// Batch grading of test conversations: the bot regression tool (`npm run grade -- FILE`) and the
// editor's batch training read the same file and print the same rows. One JSON object a line:
//   {"bot": "mortgage" | "course" | "rental" | <bot id>, "turns": [...], "expect": "A".."F" | 70}
// A turn is a customer sentence, "<silence>" (no input until the wait ends), "<hangup>" (the
// customer hangs up) or "<dtmf:N>" (key N). A bad line is reported with its line number and the
// other lines are still graded.
import type { CompiledBot } from './compile';
import { IntentionLevel } from './definition';
import { start, step, type SessionState } from './engine';
import { grade } from './grade';
import { gradeLetter } from '../dialer/levels';
import type { BotAction, BotEvent, Reason } from './session';

export interface GradeCase {
  /** 1-based line number in the file. */
  line: number;
  bot: string;
  turns: string[];
  /** 'A'..'F' or a result code as a string ('70'); absent = not scored. */
  expect?: string;
}

export interface GradeRow {
  line: number;
  bot: string;
  /** 'A'..'F', or null when the call ended with a result outside A–F (70 …) or could not run. */
  grade: string | null;
  /** The call's result code: 21–26 for A–F, else e.g. 70 (assistant / voicemail). */
  result: number | null;
  reason: string;
  /** The same reason with its code (domain/reasons.ts), for the reader's language. */
  why?: Reason;
  /** What the bot said, in order. */
  replies: string[];
  expect?: string;
  /** Present when the line has an expectation. */
  exact?: boolean;
  /** Why the line could not be graded (bad JSON, unknown bot, bad turns). */
  error?: string;
}

export interface GradeSummary {
  total: number;
  exact: number;
  /** exact / lines with an expectation, 0..1 (4 decimals); 0 when none has one. */
  accuracy: number;
}

/** Bigger files are refused before parsing (the editor's upload and the API share the limit). */
export const GRADE_FILE_MAX_BYTES = 2 * 1024 * 1024;
export const GRADE_FILE_MAX_LINES = 2000;
const MAX_TURNS = 60;
const TURN_MS = 6000;

const CODES: Record<string, number> = Object.fromEntries(Object.entries(IntentionLevel));

/** The letter of a level code, or null outside 21–26. */
export const letterOf = (code: number | null): string | null => gradeLetter(code);

/** 'A'..'F' or a result code ('70', 70) as the code it stands for, or null when it is neither. */
export function expectedCode(expect: unknown): number | null {
  if (typeof expect === 'number' && Number.isInteger(expect)) return expect;
  if (typeof expect !== 'string') return null;
  const t = expect.trim().toUpperCase();
  if (t in CODES) return CODES[t]!;
  return /^\d{2}$/.test(t) ? Number(t) : null;
}

/** Parses the file: the cases, and a row with an error for each line that is not one. */
export function parseGradeFile(text: string): { cases: GradeCase[]; errors: GradeRow[] } {
  const cases: GradeCase[] = [];
  const errors: GradeRow[] = [];
  const lines = text.split(/\r?\n/);
  const fail = (line: number, bot: string, error: string) =>
    errors.push({ line, bot, grade: null, result: null, reason: error, replies: [], error });
  lines.forEach((raw, i) => {
    const line = i + 1;
    const t = raw.trim();
    if (!t || t.startsWith('//')) return;
    if (cases.length + errors.length >= GRADE_FILE_MAX_LINES) {
      if (cases.length + errors.length === GRADE_FILE_MAX_LINES)
        fail(line, '', `第${line}行起超过${GRADE_FILE_MAX_LINES}行，未评测`);
      return;
    }
    let v: unknown;
    try {
      v = JSON.parse(t);
    } catch (e) {
      return void fail(line, '', `第${line}行不是合法的JSON：${(e as Error).message}`);
    }
    if (!v || typeof v !== 'object' || Array.isArray(v))
      return void fail(line, '', `第${line}行不是JSON对象`);
    const o = v as Record<string, unknown>;
    const bot = typeof o.bot === 'string' || typeof o.bot === 'number' ? String(o.bot).trim() : '';
    if (!bot) return void fail(line, '', `第${line}行缺少bot`);
    const turns = o.turns;
    if (!Array.isArray(turns) || turns.some((x) => typeof x !== 'string'))
      return void fail(line, bot, `第${line}行的turns必须是字符串数组`);
    if (turns.length > MAX_TURNS) return void fail(line, bot, `第${line}行超过${MAX_TURNS}轮`);
    if (o.expect !== undefined && o.expect !== null && expectedCode(o.expect) === null)
      return void fail(line, bot, `第${line}行的expect必须是A到F或结果码（如70）`);
    const c: GradeCase = { line, bot, turns: turns as string[] };
    if (o.expect !== undefined && o.expect !== null) c.expect = String(o.expect).trim().toUpperCase();
    cases.push(c);
  });
  return { cases, errors };
}

/** A turn as the engine's event, or null for a hang-up; throws on an unknown marker. */
function eventOf(turn: string, at: number): BotEvent | null {
  const t = turn.trim();
  if (t === '<silence>') return { type: 'silence', at };
  if (t === '<hangup>') return null;
  const dtmf = /^<dtmf:([0-9*#])>$/.exec(t);
  if (dtmf) return { type: 'dtmf', digit: dtmf[1]!, at };
  if (/^<[^>]*>$/.test(t)) throw new Error(`未知的标记${t}`);
  return { type: 'asrFinal', text: turn, at };
}

/** Runs one conversation: every prompt is heard out before the customer's next turn. */
export function runCase(bot: CompiledBot, turns: readonly string[]) {
  let state: SessionState = start(bot);
  const actions: BotAction[] = [];
  let ended = false;
  let at = 0;
  const feed = (e: BotEvent) => {
    const r = step(bot, state, e);
    actions.push(...r.actions);
    state = r.state;
    ended = r.ended;
  };
  feed({ type: 'answered', at: 0 });
  for (const turn of turns) {
    if (ended) break;
    at += TURN_MS;
    const e = eventOf(turn, at);
    if (!e) break;
    feed({ type: 'playbackFinished', at: at - 1 });
    feed(e);
  }
  if (!ended) feed({ type: 'hangup', by: 'customer', at: at + 1000 });
  const intercepted = actions.find((a) => a.type === 'hangup' && a.result !== null);
  const g = grade(bot, state, { durationSeconds: Math.round((at + 1000) / 1000), callStatus: 'answered' });
  const result = intercepted && intercepted.type === 'hangup' ? intercepted.result : g.level;
  return { actions, state, grade: g, result, ended };
}

export function gradeCase(bot: CompiledBot, c: GradeCase): GradeRow {
  const row: GradeRow = { line: c.line, bot: c.bot, grade: null, result: null, reason: '', replies: [] };
  if (c.expect !== undefined) row.expect = c.expect;
  try {
    const run = runCase(bot, c.turns);
    row.result = run.result;
    row.grade = letterOf(run.result);
    const end = run.actions.find((a) => a.type === 'hangup' && a.result !== null);
    row.why = row.grade ? run.grade.reason : (end?.reason ?? run.grade.reason);
    row.reason = row.why.text;
    row.replies = run.actions.flatMap((a) => (a.type === 'play' ? [a.text] : []));
  } catch (e) {
    row.error = `第${c.line}行：${(e as Error).message}`;
    row.reason = row.error;
  }
  if (c.expect !== undefined) row.exact = !row.error && expectedCode(c.expect) === row.result;
  return row;
}

/**
 * Grades every line of a file. `resolveBot` turns a line's bot key into a compiled bot, or null
 * for an unknown bot (the line is reported, the rest still graded). Rows come in file order.
 */
export function gradeConversations(
  text: string,
  resolveBot: (key: string) => CompiledBot | null,
): { rows: GradeRow[]; summary: GradeSummary } {
  const { cases, errors } = parseGradeFile(text);
  const rows: GradeRow[] = [...errors];
  for (const c of cases) {
    const bot = resolveBot(c.bot);
    if (!bot) {
      const error = `第${c.line}行的机器人「${c.bot}」不存在`;
      rows.push({ line: c.line, bot: c.bot, grade: null, result: null, reason: error, replies: [], error });
      continue;
    }
    rows.push(gradeCase(bot, c));
  }
  rows.sort((a, b) => a.line - b.line);
  const scored = rows.filter((r) => r.exact !== undefined);
  const exact = scored.filter((r) => r.exact).length;
  return {
    rows,
    summary: {
      total: rows.length,
      exact,
      accuracy: scored.length ? Math.round((exact / scored.length) * 10000) / 10000 : 0,
    },
  };
}
