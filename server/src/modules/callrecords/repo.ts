// Call records of the caller's subtree (calls as k), always through the tenant scope: another tree's
// record matches nothing. Test calls of the bot pages are not call records. The callout view sees
// outbound records only. Lists page by keyset on (created_at desc, id desc), never OFFSET.
import type { Knex } from 'knex';
import type { CallRecordRow, CallRecordView } from '../../../../domain/callRecords';
import {
  presentConversationLine,
  type ConversationLine,
  type ConversationLineRow,
} from '../../../../domain/calls';
import { scoped, type Actor } from '../../db/scope';
import { likeContains } from '../../../../domain/like';
import { isPgTimestampText } from '../../../../domain/validators';
import { badRequest } from '../../http/errors';
import type { Filter } from './schema';
import { turnsOf, type Turns } from './turns';
import type { DetailRow, PageRow, RecordRow } from './rows';

type Db = Knex | Knex.Transaction;

/** The records a caller reaches from a page: its subtree, no test calls, callout = outbound only, callin = inbound only. */
export const records = (db: Db, actor: Actor, view: CallRecordView) =>
  scoped(db('calls as k'), db as Knex, actor, 'k.account_id')
    .where('k.test', false)
    .modify((q) => view === 'callout' && q.where('k.direction', 'out'))
    .modify((q) => view === 'callin' && q.where('k.direction', 'in'));

/** The name a record shows: its customer's, else the task number's. */
const NAME_SQL = "coalesce(nullif(c.name, ''), tn.name, '')";

/** Joins what a record shows besides its own columns (customer, task number, task, bot, line, owner). */
export const withNames = (q: Knex.QueryBuilder) =>
  q
    .leftJoin('customers as c', 'c.id', 'k.customer_id')
    .leftJoin('task_numbers as tn', 'tn.id', 'k.task_number_id')
    .leftJoin('tasks as t', 't.id', 'k.task_id')
    .leftJoin('bots as b', 'b.id', 'k.bot_id')
    .leftJoin('sip_lines as l', 'l.id', 'k.line_id')
    .join('accounts as o', 'o.id', 'k.account_id');

/** Applies the list filters (needs withNames for the name filter). */
export function applyFilter(q: Knex.QueryBuilder, f: Filter, phoneHashOf: (d: string) => string) {
  if (f.from) q.where('k.created_at', '>=', f.from);
  if (f.to) q.where('k.created_at', '<=', f.to);
  // The grade code column: an ended call's result level (a graded conversation's is its grade).
  if (f.levels) q.whereIn('k.result_level', f.levels);
  if (f.taskId) q.where('k.task_id', f.taskId);
  if (f.botId) q.where('k.bot_id', f.botId);
  if (f.minTalkS !== undefined) q.where('k.talk_ms', '>=', f.minTalkS * 1000);
  if (f.maxTalkS !== undefined) q.where('k.talk_ms', '<', (f.maxTalkS + 1) * 1000);
  if (f.phone?.length === 11) q.where('k.phone_hash', phoneHashOf(f.phone));
  else if (f.phone) q.where('k.phone_masked', 'like', `%${f.phone}`);
  if (f.name) q.whereRaw(`${NAME_SQL} ilike ?`, [likeContains(f.name)]);
  if (f.read !== undefined) q.where('k.read', f.read);
  if (f.focus !== undefined) q.where('k.focus', f.focus);
  if (f.llmGrade) q.where('k.llm_grade', f.llmGrade);
  return q;
}

export const ROW_COLUMNS = [
  'k.id',
  'k.call_uuid',
  'k.account_id',
  'o.account as owner_account',
  'k.direction',
  'k.status',
  'k.result_level',
  'k.grade',
  'k.phone_masked',
  'k.customer_id',
  'c.stage',
  'c.intention_label',
  'c.score',
  'k.llm_grade',
  'k.labels',
  'k.ring_ms',
  'k.talk_ms',
  'k.total_ms',
  'k.read',
  'k.focus',
  'k.task_id',
  't.name as task_name',
  'k.bot_id',
  'k.bot_version',
  'b.name as bot_name',
  'k.line_id',
  'l.name as line_name',
  'k.hangup_cause',
  'k.created_at',
  'k.ended_at',
];

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export const presentRow = (r: RecordRow): CallRecordRow => ({
  id: Number(r.id),
  callUuid: r.call_uuid,
  accountId: Number(r.account_id),
  account: r.owner_account,
  direction: r.direction,
  callStatus: r.status,
  resultLevel: num(r.result_level),
  grade: num(r.grade),
  gradeCode: num(r.result_level ?? r.grade),
  phone: r.phone_masked,
  name: r.name ?? '',
  stage: num(r.stage),
  customerId: num(r.customer_id),
  intentionLabel: r.intention_label ?? '',
  score: num(r.score),
  llmGrade: r.llm_grade,
  labels: r.labels ?? [],
  ringMs: Number(r.ring_ms),
  talkMs: Number(r.talk_ms),
  totalMs: Number(r.total_ms),
  read: r.read,
  focus: r.focus,
  taskId: num(r.task_id),
  taskName: r.task_name ?? null,
  botId: Number(r.bot_id),
  botName: r.bot_name ?? null,
  lineId: num(r.line_id),
  lineName: r.line_name ?? null,
  hangupCause: r.hangup_cause,
  createdAt: iso(r.created_at)!,
  endedAt: iso(r.ended_at),
});

// ---- keyset cursor: base64url of [created_at as PostgreSQL text, id] ----

export const encodeCursor = (key: string, id: number): string =>
  Buffer.from(JSON.stringify([key, id])).toString('base64url');

export function decodeCursor(raw: string): { key: string; id: number } {
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    v = null;
  }
  const ok =
    Array.isArray(v) &&
    v.length === 2 &&
    typeof v[0] === 'string' &&
    isPgTimestampText(v[0]) &&
    Number.isSafeInteger(v[1]) &&
    (v[1] as number) > 0;
  if (!ok) throw badRequest('badRequest', { errors: [{ path: 'after', message: 'validation.invalid' }] });
  return { key: (v as [string, number])[0], id: (v as [string, number])[1] };
}

export async function listPage(
  db: Knex,
  actor: Actor,
  view: CallRecordView,
  f: Filter,
  page: { after?: string; limit: number },
  phoneHashOf: (d: string) => string,
) {
  const q = applyFilter(withNames(records(db, actor, view)), f, phoneHashOf);
  if (page.after) {
    const c = decodeCursor(page.after);
    q.whereRaw('(k.created_at, k.id) < (?::timestamptz, ?)', [c.key, c.id]);
  }
  const rows = await q
    .orderBy([
      { column: 'k.created_at', order: 'desc' },
      { column: 'k.id', order: 'desc' },
    ])
    .limit(page.limit + 1)
    .select<PageRow[]>([
      ...ROW_COLUMNS,
      db.raw(`${NAME_SQL} as name`),
      db.raw('k.created_at::text as sort_key'),
    ]);
  const more = rows.length > page.limit;
  const items = more ? rows.slice(0, page.limit) : rows;
  const last = items[items.length - 1];
  const turns = await turnsOf(db, items.map(turnsKey));
  return {
    items: items.map((r) => withTurns(presentRow(r), turns.get(Number(r.id)))),
    next: more && last ? encodeCursor(last.sort_key, Number(last.id)) : null,
  };
}

/** One record in reach by its call uuid, with the detail columns. */
export const findByUuid = (db: Db, actor: Actor, view: CallRecordView, uuid: string) =>
  withNames(records(db, actor, view))
    .where('k.call_uuid', uuid)
    .first<DetailRow | undefined>([
      ...ROW_COLUMNS,
      (db as Knex).raw(`${NAME_SQL} as name`),
      'k.sip_status',
      'k.rounds',
      'k.reason',
      'k.recording_path',
      'k.fs_node',
    ]);

/** A call's conversation, presented (domain/calls presentConversationLine). */
export const linesOf = async (db: Db, callId: number): Promise<ConversationLine[]> =>
  (await db<ConversationLineRow>('conversation_lines').where({ call_id: callId }).orderBy('seq')).map(
    presentConversationLine,
  );

/**
 * The ids of the selected records in reach, in id order, at most `limit` (callers ask for one more
 * than they accept, to refuse an oversized selection rather than cut it silently).
 */
export function selectedIds(
  db: Db,
  actor: Actor,
  view: CallRecordView,
  sel: { ids?: number[]; filter?: Filter },
  phoneHashOf: (d: string) => string,
  limit: number,
): Knex.QueryBuilder {
  const q = withNames(records(db, actor, view));
  if (sel.ids) q.whereIn('k.id', sel.ids);
  else applyFilter(q, sel.filter ?? {}, phoneHashOf);
  return q.orderBy('k.id').limit(limit);
}

/** How many records in reach the filter matches (the "all N filtered" choice), counted up to `cap`. */
export async function countMatching(
  db: Knex,
  actor: Actor,
  view: CallRecordView,
  f: Filter,
  phoneHashOf: (d: string) => string,
  cap: number,
): Promise<number> {
  const inner = applyFilter(withNames(records(db, actor, view)), f, phoneHashOf)
    .limit(cap)
    .select('k.id');
  const row = (await db.from(inner.as('m')).count<{ n: string }[]>('* as n'))[0];
  return Number(row?.n ?? 0);
}

export const turnsKey = (r: Pick<RecordRow, 'id' | 'bot_id' | 'bot_version'>) => ({
  id: Number(r.id),
  botId: Number(r.bot_id),
  botVersion: Number(r.bot_version),
});

/** A record's score is its call's (the branch scores of its transcript); none without a transcript. */
export const withTurns = (row: CallRecordRow, t: Turns | undefined): CallRecordRow => ({
  ...row,
  score: t && (t.rounds > 0 || t.score !== 0) ? t.score : null,
});
