// Call records and their lines, always through the tenant scope (the caller's subtree).
import type { Knex } from 'knex';
import {
  presentConversationLine,
  type CallDetailDto,
  type CallRecordDto,
  type ConversationLineRow,
} from '../../../../domain/calls';
import { scoped, type Actor } from '../../db/scope';
import type { CallRow } from '../../dialer/rows';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export const presentCall = (r: CallRow): CallRecordDto => ({
  id: Number(r.id),
  callUuid: r.call_uuid,
  accountId: Number(r.account_id),
  taskId: numOrNull(r.task_id),
  botId: Number(r.bot_id),
  botVersion: Number(r.bot_version),
  lineId: Number(r.line_id),
  customerId: numOrNull(r.customer_id),
  phone: r.phone_masked,
  direction: r.direction,
  status: r.status,
  resultLevel: numOrNull(r.result_level),
  grade: numOrNull(r.grade),
  labels: r.labels ?? [],
  llmGrade: r.llm_grade,
  hangupCause: r.hangup_cause,
  sipStatus: numOrNull(r.sip_status),
  ringMs: Number(r.ring_ms),
  talkMs: Number(r.talk_ms),
  totalMs: Number(r.total_ms),
  billableMs: Number(r.billable_ms),
  rounds: Number(r.rounds),
  reason: r.reason,
  recordingPath: r.recording_path,
  test: r.test,
  createdAt: iso(r.created_at)!,
  answeredAt: iso(r.answered_at),
  endedAt: iso(r.ended_at),
});

export async function findCall(db: Knex, actor: Actor, uuid: string): Promise<CallDetailDto | undefined> {
  const row = await scoped(db('calls'), db, actor).where({ call_uuid: uuid }).first<CallRow | undefined>();
  if (!row) return undefined;
  const lines = await db<ConversationLineRow>('conversation_lines').where({ call_id: row.id }).orderBy('seq');
  return { ...presentCall(row), lines: lines.map(presentConversationLine) };
}

export async function listCalls(
  db: Knex,
  actor: Actor,
  f: { test?: 'true' | 'false'; page: number; pageSize: number },
) {
  const base = scoped(db('calls'), db, actor).modify((q) => f.test && q.where('test', f.test === 'true'));
  const [{ n }] = await base.clone().count({ n: '*' });
  const rows = await base
    .clone()
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize)
    .select<CallRow[]>('*');
  return { items: rows.map(presentCall), total: Number(n), page: f.page, pageSize: f.pageSize };
}

/** The caller's own published bot (its current version), or undefined. */
export const ownPublishedBot = (db: Knex, actor: Actor, botId: number) =>
  scoped(db('bots'), db, actor)
    .where({ id: botId, account_id: actor.id })
    .whereNull('deleted_at')
    .first<{ id: string; published_version: number | null; enabled: boolean } | undefined>(
      'id',
      'published_version',
      'enabled',
    );

/** An enabled line the caller owns or was assigned. */
export const usableLine = (db: Knex, actor: Actor, lineId: number) =>
  db('sip_lines')
    .where({ id: lineId, enabled: true })
    .where((w) =>
      w
        .where('account_id', actor.id)
        .orWhereExists(
          db('sip_line_assignments').whereRaw('line_id = sip_lines.id').where('account_id', actor.id),
        ),
    )
    .first<{ id: string; caller_number: string } | undefined>('id', 'caller_number');
