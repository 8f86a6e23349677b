// The /api/tasks contract (SPEC §2 AI tasks, §3 Task) and the task form's validation (SPEC §5),
// shared by the client's form and the server's request check, so both refuse exactly the same.
import { parsePeriods, type PeriodError } from './dialer/callWindow';
import { validateRedial, type RedialSettingsError } from './dialer/redial';
import { GRADE_LEVELS, NOT_CONNECTED_LEVELS } from './dialer/levels';
import type { Actor, RunState, TaskStatus } from './dialer/status';
import { isDayText, isUrl } from './validators';
import type { TaskProgressEvent } from './events';
import type { StoredReason } from './reasons';

export type TaskKind = 'single' | 'multi';
export const TASK_KINDS: readonly TaskKind[] = ['single', 'multi'];

/** The menu that grants each kind of task (SPEC §2 Dial center), and the run overview's menu. */
export const TASK_MENU: Readonly<Record<TaskKind, string>> = {
  single: 'dialcenter/singletask',
  multi: 'dialcenter/multtask',
};
export const OVERVIEW_MENU = 'call/calling';

/** State of one number in a task. */
export const NumberState = { Pending: 0, Claimed: 1, Done: 2, Skipped: 3 } as const;
export type NumberState = (typeof NumberState)[keyof typeof NumberState];
export const NUMBER_STATE_NAMES = ['pending', 'claimed', 'done', 'skipped'] as const;
export type NumberStateName = (typeof NUMBER_STATE_NAMES)[number];

/** Result levels a redial may be earned by (SPEC §4 not-connected subset). */
export const REDIAL_LEVEL_OPTIONS: readonly number[] = NOT_CONNECTED_LEVELS;
/** Intention grades that can be pushed (A–F). */
export const PUSH_GRADE_OPTIONS: readonly number[] = GRADE_LEVELS;
export const WEEKDAYS: readonly number[] = [1, 2, 3, 4, 5, 6, 7];

export const TASK_NAME_MAX = 64;
/** Most numbers one add request may carry (paste, upload, selected customers). */
export const ADD_NUMBERS_MAX = 100_000;

// ---- the form ----

export interface RedialInput {
  enabled: boolean;
  count: number;
  intervalMinutes: number;
  levels: number[];
}

export interface TaskInput {
  name: string;
  kind: TaskKind;
  botId: number | null;
  robots: number;
  /** yyyy-MM-dd */
  startDate: string;
  /** 'HH:mm-HH:mm' items. */
  callPeriods: string[];
  noCallPeriods: string[];
  /** 1 Monday … 7 Sunday; empty = every day. */
  weekdays: number[];
  /** Consecutive not-connected results that suspend the task; 0 = off. */
  failHangupCount: number;
  redial: RedialInput;
  pushUrl: string;
  pushAccount: string;
  pushGrades: number[];
  wechatPush: boolean;
  /** A called number that is no customer yet becomes one (default on). */
  createCustomers?: boolean;
  lineId: number | null;
  /** Optional idempotency key: a repeated create with the same key returns the first task. */
  requestId?: string;
}

export type TaskField =
  | 'name'
  | 'botId'
  | 'robots'
  | 'startDate'
  | 'callPeriods'
  | 'noCallPeriods'
  | 'weekdays'
  | 'failHangupCount'
  | 'redial.count'
  | 'redial.intervalMinutes'
  | 'redial.levels'
  | 'pushUrl'
  | 'pushGrades'
  | 'lineId';

/** What is wrong with one field; the client translates `tasks:problems.<code>`. */
export type TaskProblem =
  | 'required'
  | 'minLength2'
  | 'tooLong'
  | 'robotsMin'
  | 'robotsOverSeats'
  | 'date'
  | `period.${PeriodError['code']}`
  | 'weekdays'
  | 'nonNegative'
  | `redial.${RedialSettingsError}`
  | 'url'
  | 'grades';

export type TaskProblems = Partial<Record<TaskField, TaskProblem>>;

// A real day in years 1900-9999 (0000-01-01 is a JS date but no PostgreSQL one).
const isDate = isDayText;

const isNonNegInt = (n: unknown): boolean => Number.isSafeInteger(n) && (n as number) >= 0;

/**
 * SPEC §5 task rules: name at least 2 characters; bot required; robots at least 1 and not more than the
 * account's AI seats; start date and call period required; periods HH:mm-HH:mm without overlaps;
 * weekdays 1–7; redial per validateRedial; push url a http(s) address when given; line required.
 * `aiSeats` undefined skips the seat check (the form before the account is known).
 */
export function validateTask(v: TaskInput, opts: { aiSeats?: number } = {}): TaskProblems {
  const p: TaskProblems = {};
  const name = v.name.trim();
  if (name === '') p.name = 'required';
  else if ([...name].length < 2) p.name = 'minLength2';
  else if ([...name].length > TASK_NAME_MAX) p.name = 'tooLong';
  if (v.botId === null || !Number.isSafeInteger(v.botId) || v.botId <= 0) p.botId = 'required';
  if (!Number.isSafeInteger(v.robots) || v.robots < 1) p.robots = 'robotsMin';
  else if (opts.aiSeats !== undefined && v.robots > opts.aiSeats) p.robots = 'robotsOverSeats';
  if (v.startDate.trim() === '') p.startDate = 'required';
  else if (!isDate(v.startDate)) p.startDate = 'date';
  const periods = v.callPeriods.filter((s) => s.trim() !== '');
  if (periods.length === 0) p.callPeriods = 'required';
  else {
    const r = parsePeriods(periods);
    if (!r.ok) p.callPeriods = `period.${r.error.code}`;
  }
  const holes = parsePeriods(v.noCallPeriods.filter((s) => s.trim() !== ''));
  if (!holes.ok) p.noCallPeriods = `period.${holes.error.code}`;
  if (
    !v.weekdays.every((d) => Number.isInteger(d) && d >= 1 && d <= 7) ||
    new Set(v.weekdays).size !== v.weekdays.length
  )
    p.weekdays = 'weekdays';
  if (!isNonNegInt(v.failHangupCount)) p.failHangupCount = 'nonNegative';
  for (const e of validateRedial(v.redial)) {
    const field =
      e === 'count' ? 'redial.count' : e === 'interval' ? 'redial.intervalMinutes' : 'redial.levels';
    p[field] = `redial.${e}`;
  }
  if (v.pushUrl.trim() !== '' && !isUrl(v.pushUrl.trim())) p.pushUrl = 'url';
  if (!v.pushGrades.every((g) => PUSH_GRADE_OPTIONS.includes(g))) p.pushGrades = 'grades';
  if (v.lineId === null || !Number.isSafeInteger(v.lineId) || v.lineId <= 0) p.lineId = 'required';
  return p;
}

/** Periods as the API stores them: trimmed, blanks dropped, normalised to 'HH:mm-HH:mm'. */
export function normalisePeriods(items: readonly string[]): string[] {
  const r = parsePeriods(items.filter((s) => s.trim() !== ''));
  if (!r.ok) return [...items];
  return r.periods.map(
    (p) =>
      `${String(Math.floor(p.start / 60)).padStart(2, '0')}:${String(p.start % 60).padStart(2, '0')}-` +
      `${String(Math.floor(p.end / 60)).padStart(2, '0')}:${String(p.end % 60).padStart(2, '0')}`,
  );
}

/** A blank form. */
export const emptyTaskInput = (kind: TaskKind, today: string): TaskInput => ({
  name: '',
  kind,
  botId: null,
  robots: 1,
  startDate: today,
  callPeriods: ['09:00-12:00', '14:00-18:00'],
  noCallPeriods: [],
  weekdays: [1, 2, 3, 4, 5],
  failHangupCount: 0,
  redial: { enabled: false, count: 1, intervalMinutes: 30, levels: [67, 68] },
  pushUrl: '',
  pushAccount: '',
  pushGrades: [],
  wechatPush: false,
  lineId: null,
});

// ---- replies ----

export interface NumberCounts {
  pending: number;
  claimed: number;
  done: number;
  skipped: number;
  total: number;
}

/** A task as listed: its form fields (TaskInput) and what the server knows about it. */
export interface TaskDto extends Omit<TaskInput, 'requestId'> {
  id: number;
  accountId: number;
  ownerAccount: string;
  botName: string | null;
  lineName: string | null;
  active: boolean;
  status: TaskStatus;
  runState: RunState;
  counts: NumberCounts;
  /** The owner's dialing zone and hours (dial_settings), as the scheduler reads them. */
  timeZone: string;
  accountPeriods: string[];
  createdAt: string;
  updatedAt: string;
}

export interface TaskListReply {
  items: TaskDto[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/tasks query. scope 'own' = the caller's tasks, 'all' = its whole subtree (SPEC §2, §6). */
export interface TaskListQuery {
  kind?: TaskKind;
  scope?: 'own' | 'all';
  name?: string;
  status?: TaskStatus;
  botId?: number;
  /** Created on or after / before (yyyy-MM-dd). */
  dateFrom?: string;
  dateTo?: string;
  page?: number;
  pageSize?: number;
}

export type TaskAction = 'start' | 'pause' | 'stop';

/**
 * Why a start was refused beyond the status rules: the bot or line is no longer usable, the task has
 * no numbers, or no account of its billing chain has a rate (it would dial for free). The reply is
 * 409 with data.reason; the client reads tasks:reasons.<reason>.
 */
export type StartRefusal = 'noBot' | 'noLine' | 'noNumbers' | 'noRate';

export interface StatusLogDto {
  id: number;
  fromStatus: TaskStatus | null;
  toStatus: TaskStatus;
  fromRun: RunState | null;
  toRun: RunState;
  byAccountId: number | null;
  byAccount: string | null;
  actor: Actor;
  /** Why: a code with parameters rendered in the reader's language, or an older row's text. */
  reason: StoredReason;
  at: string;
}

export interface TaskNumberDto {
  id: number;
  customerId: number | null;
  /** Masked when the number is hidden, clear digits otherwise. */
  phone: string;
  hidden: boolean;
  name: string;
  state: NumberState;
  attempts: number;
  lastResult: number | null;
  skipReason: string | null;
  createdAt: string;
}

export interface TaskNumbersReply {
  items: TaskNumberDto[];
  /** Keyset cursor of the next page, or null at the end. */
  next: string | null;
  counts: NumberCounts;
}

export type AddSkipReason = 'invalid' | 'duplicate' | 'blacklisted' | 'exists';

export interface AddNumbersReply {
  added: number;
  /** How many were left out, by reason: invalid number, duplicate in the request, blacklisted, already in the task. */
  skipped: Record<AddSkipReason, number>;
  /** The first few invalid lines, to show the user. */
  invalidSamples: string[];
  counts: NumberCounts;
}

/** What an add would do, without adding (POST …/numbers/preview): the same classification. */
export interface NumbersPreviewReply {
  /** How many would be added. */
  toAdd: number;
  skipped: Record<AddSkipReason, number>;
  invalidSamples: string[];
}

/** Filters of "from my customers" (the customer list's filters, plus import batch and never called). */
export interface CustomerPick {
  name?: string;
  stage?: number;
  grade?: number;
  tagId?: number[];
  importJobId?: number;
  neverCalled?: boolean;
}

/** The choices of the customer picker: the caller's tags and import batches. */
export interface NumberSources {
  tags: { id: number; name: string }[];
  imports: { id: number; fileName: string; createdAt: string; imported: number }[];
}

/** One line of a pasted list or an uploaded txt/csv: the first cell of the line. */
export function splitPhoneLines(text: string): string[] {
  return text
    .split(/\r?\n|\r/)
    .map((line) => (line.split(/[,;\t，；]/)[0] ?? '').trim().replace(/^"|"$/g, ''))
    .filter((s) => s !== '');
}

export interface OverviewRow {
  id: number;
  name: string;
  kind: TaskKind;
  ownerAccount: string;
  status: TaskStatus;
  runState: RunState;
  active: boolean;
  robots: number;
  counts: NumberCounts;
  /** The live run overview (dialer task:progress), null before the scheduler has seen the task. */
  progress?: TaskProgressEvent | null;
}
