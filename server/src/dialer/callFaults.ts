// What the dialer does with the faults of calls that were given back (returnUndialled.ts): the media
// worker refused them because no FreeSWITCH node could carry them, or the switch answered the
// originate GATEWAY_DOWN / INVALID_GATEWAY (issue 20 point 6).
// - a line fault marks the line faulty (sip_lines.fault_*, shown on the lines page) and pauses every
//   queued or running task on the line (faultPause -> system suspended 12) with one notice per
//   account, so its numbers are not claimed again only to come back;
// - a missing recognizer pauses the call's task (the bot cannot listen on any node).
// A fault clears when a node's probe (FsNodeStatus.probe) sees the line usable again, or the line is
// edited. Tasks stay paused: the merchant starts them again (no automatic resume: a line that flaps
// would otherwise start and stop tasks behind the merchant's back).
import type Redis from 'ioredis';
import type { Knex } from 'knex';
import { NoticeType } from '../../../domain/codes';
import {
  faultMessage,
  faultText,
  lineHealed,
  type CallFault,
  type LineFaultCause,
  type NodeProbe,
} from '../../../domain/fsProbe';
import { coded } from '../../../domain/reasons';
import { fsNodeStatusKey, type FsNodeStatus } from '../../../domain/media';
import { lineGatewayName } from '../../../domain/telephony-config';
import { retryingTransaction } from '../db/retry';
import type { Deps } from '../deps';
import type { ReturnedFault } from './returnUndialled';
import { STATUS_FRESH_MS } from './switches';
import { addNotice, moveTask, type Moved, type PendingNotice } from './taskState';
import { whereDialable } from '../db/dialable';

export interface FaultsApplied {
  moved: Moved[];
  notices: PendingNotice[];
}

/** Marks the lines, pauses the tasks; notices are pushed after commit. */
export async function applyCallFaults(deps: Deps, faults: ReturnedFault[]): Promise<FaultsApplied> {
  const out: FaultsApplied = { moved: [], notices: [] };
  if (!faults.length) return out;
  const lines = new Map<number, ReturnedFault>();
  const tasks = new Map<number, ReturnedFault>();
  for (const f of faults) {
    if (f.fault.kind === 'line') lines.set(f.lineId, f);
    else tasks.set(f.taskId, f);
  }
  for (const [lineId, f] of lines) {
    const r = await retryingTransaction(deps.db, `line ${lineId} fault`, (trx) => lineFault(trx, lineId, f));
    out.moved.push(...r.moved);
    out.notices.push(...r.notices);
  }
  for (const [taskId, f] of tasks) {
    const r = await retryingTransaction(deps.db, `task ${taskId} fault`, (trx) =>
      recognizerFault(trx, taskId, f),
    );
    out.moved.push(...r.moved);
    out.notices.push(...r.notices);
  }
  for (const n of out.notices) deps.live.noticeToUser(n.accountId, n.notice);
  return out;
}

/** The status log's note for a fault pause: the fault, in the reader's language. */
const pauseReason = (f: CallFault) => coded('taskFaultPause', { why: faultMessage(f) });

async function lineFault(trx: Knex.Transaction, lineId: number, f: ReturnedFault): Promise<FaultsApplied> {
  const cause = f.fault.kind === 'line' ? f.fault.cause : 'GATEWAY_DOWN';
  const fault = { ...f.fault, lineId } as CallFault;
  const text = faultText(fault);
  await trx('sip_lines')
    .where({ id: lineId })
    .update({ fault_cause: cause, fault_text: text, fault_at: trx.fn.now() });
  const ids: { id: string }[] = await trx('tasks')
    .where({ line_id: lineId, active: true })
    .modify(whereDialable('status'))
    .whereNull('deleted_at')
    .orderBy('id')
    .select('id');
  const moved: Moved[] = [];
  for (const r of ids) {
    const m = await moveTask(trx, Number(r.id), 'faultPause', 'system', pauseReason(fault));
    if (m) moved.push(m);
  }
  const byAccount = new Map<number, Moved[]>();
  for (const m of moved) byAccount.set(m.accountId, [...(byAccount.get(m.accountId) ?? []), m]);
  const notices: PendingNotice[] = [];
  for (const [accountId, ms] of byAccount)
    notices.push(
      await addNotice(trx, accountId, NoticeType.System, {
        titleKey: 'taskLineFault.title',
        bodyKey: 'taskLineFault.body',
        params: {
          line: lineId,
          cause,
          n: ms.length,
          status: ms[0]!.status,
          tasks: ms.map((m) => `#${m.taskId}`).join(', '),
        },
      }),
    );
  return { moved, notices };
}

async function recognizerFault(
  trx: Knex.Transaction,
  taskId: number,
  f: ReturnedFault,
): Promise<FaultsApplied> {
  const m = await moveTask(trx, taskId, 'faultPause', 'system', pauseReason(f.fault));
  if (!m) return { moved: [], notices: [] };
  const notice = await addNotice(trx, m.accountId, NoticeType.System, {
    titleKey: 'taskNoRecognizer.title',
    bodyKey: 'taskNoRecognizer.body',
    params: { taskId, module: f.fault.kind === 'recognizer' ? f.fault.module : '', status: m.status },
  });
  return { moved: [m], notices: [notice] };
}

/** The probes of the fresh, connected node reports. */
export async function freshProbes(redis: Redis, prefix: string, now = Date.now()): Promise<NodeProbe[]> {
  const out: NodeProbe[] = [];
  for (const raw of Object.values(await redis.hgetall(fsNodeStatusKey(prefix)))) {
    try {
      const s = JSON.parse(raw) as FsNodeStatus;
      if (s.connected && s.probe && now - Date.parse(s.updatedAt) < STATUS_FRESH_MS) out.push(s.probe);
    } catch {
      // An unreadable report says nothing.
    }
  }
  return out;
}

/** Clears the faults of lines some node can use again; the ids cleared. */
export async function clearHealedLines(deps: Deps, now = Date.now()): Promise<number[]> {
  const faulty: { id: string; codec: string; fault_cause: LineFaultCause }[] = await deps
    .db('sip_lines')
    .whereNotNull('fault_cause')
    .select('id', 'codec', 'fault_cause');
  if (!faulty.length) return [];
  const probes = await freshProbes(deps.redis, deps.config.redisPrefix, now);
  const healed = faulty
    .filter((l) =>
      lineHealed(l.fault_cause, { gateway: lineGatewayName(Number(l.id)), codec: l.codec }, probes),
    )
    .map((l) => Number(l.id));
  if (healed.length)
    await deps
      .db('sip_lines')
      .whereIn('id', healed)
      .update({ fault_cause: null, fault_text: null, fault_at: null });
  return healed;
}
