// The JSON body of a push, built from a call row, its conversation lines, the customer and the task.
import type { ConversationLineRow } from '../../../../domain/calls';
import { GRADE_LETTER, type PushPayload } from '../../../../domain/pushes';
import type { TaskRow } from '../tasks/repo';
import type { PushCallRow } from './rows';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export interface CallForPush {
  call: PushCallRow;
  lines: ConversationLineRow[];
  customerName: string | null;
  task: TaskRow | null;
}

export function buildPayload(
  c: CallForPush,
  id: string,
  extra: { params?: PushPayload['params']; pushAccount?: string },
): PushPayload {
  const r = c.call;
  const grade = numOrNull(r.grade);
  return {
    id,
    event: 'call.finished',
    record: {
      callId: Number(r.id),
      callUuid: r.call_uuid,
      taskId: numOrNull(r.task_id),
      taskName: c.task?.name ?? null,
      customerName: c.customerName,
      phone: r.phone_masked,
      direction: r.direction,
      resultLevel: numOrNull(r.result_level),
      labels: r.labels ?? [],
      llmGrade: r.llm_grade ?? null,
      hangupCause: r.hangup_cause ?? null,
      ringMs: Number(r.ring_ms),
      talkMs: Number(r.talk_ms),
      totalMs: Number(r.total_ms),
      rounds: Number(r.rounds),
      createdAt: iso(r.created_at)!,
      answeredAt: iso(r.answered_at),
      endedAt: iso(r.ended_at),
    },
    transcript: c.lines.map((l) => ({
      seq: Number(l.seq),
      type: l.khtype,
      content: l.khcontent,
      voice: l.khvoicepath ?? [],
      at: iso(l.inserttime)!,
    })),
    grade: grade !== null && GRADE_LETTER[grade] ? { level: grade, letter: GRADE_LETTER[grade]! } : null,
    ...extra,
  };
}

/** What "send test push" posts: a made-up call, marked as a test. */
export function samplePayload(id: string, params: PushPayload['params']): PushPayload {
  const now = new Date().toISOString();
  return {
    id,
    event: 'push.test',
    record: {
      callId: 0,
      callUuid: '00000000-0000-0000-0000-000000000000',
      taskId: null,
      taskName: null,
      customerName: '测试客户',
      phone: '138****0000',
      direction: 'out',
      resultLevel: 21,
      labels: [],
      llmGrade: null,
      hangupCause: 'NORMAL_CLEARING',
      ringMs: 3000,
      talkMs: 42000,
      totalMs: 45000,
      rounds: 4,
      createdAt: now,
      answeredAt: now,
      endedAt: now,
    },
    transcript: [
      { seq: 1, type: 'robot', content: '您好，这是一条测试推送。', voice: [], at: now },
      { seq: 2, type: 'customer', content: '好的。', voice: [], at: now },
    ],
    grade: { level: 21, letter: 'A' },
    params,
  };
}
