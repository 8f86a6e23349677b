// The retry of a dial job whose earlier attempt originated the call and then died with its worker.
// The dialogue state died with it, so the call cannot be resumed: a channel that is still up (FreeSWITCH
// keeps a parked channel when its ESL client goes) is hung up, and the record closes as unknown (90).
import type { Knex } from 'knex';
import type { EslNode } from '../esl/node';
import type { NodePool } from '../esl/pool';
import { outcomeOf, UNKNOWN_FACTS, type Outcome } from './outcome';
import { recordStatus } from './record';

/** A lock lost to a Redis hiccup must not kill a live call: wait while its worker still beats. */
const OWNER_WAIT_MS = 30000;

/**
 * The job came back while the worker that dialled may still be alive (its Bull lock lapsed). Waits
 * until that worker's heartbeat is gone or the record is closed; true when the call is ours to close.
 */
export async function waitForOwner(
  deps: { db: Knex; workerAlive(id: string): Promise<boolean> },
  recordId: number,
  owner: string,
): Promise<boolean> {
  const until = Date.now() + OWNER_WAIT_MS;
  while (Date.now() < until && (await deps.workerAlive(owner))) {
    if ((await recordStatus(deps.db, recordId)) === 'ended') return false;
    await new Promise((r) => setTimeout(r, 500));
  }
  return (await recordStatus(deps.db, recordId)) !== 'ended';
}

export async function lostCallOutcome(node: EslNode | null, uuid: string): Promise<Outcome> {
  // Without the node we cannot tell: throwing makes Bull retry the job later.
  if (!node?.connected) throw new Error('FreeSWITCH node of the call is not connected');
  const exists = (await node.api(`uuid_exists ${uuid}`)).trim() === 'true';
  if (exists) await node.api(`uuid_kill ${uuid} NORMAL_CLEARING`).catch(() => undefined);
  const now = Date.now() * 1000;
  return outcomeOf({
    ...UNKNOWN_FACTS,
    createdUs: now,
    hangupUs: now,
    unknown: { code: exists ? 'lost_retryHungUp' : 'lost_channelGone' },
  });
}

/**
 * The retry of a call the server closed as lost (its worker died: domain/lostCall.ts): the channel may
 * still be up on the switch when no living worker heard the server (a single worker, restarted), so it
 * is hung up here. Runs only for retried jobs whose record is already ended.
 */
export async function hangUpLost(
  deps: { db: Knex; pool: Pick<NodePool, 'byName' | 'pick'> },
  recordId: number,
  uuid: string,
): Promise<void> {
  const r = await deps.db('calls').where({ id: recordId }).first('reason', 'fs_node');
  if (!(r?.reason as { lost?: boolean } | null)?.lost) return;
  const node = (r.fs_node ? deps.pool.byName(r.fs_node as string) : undefined) ?? deps.pool.pick();
  if (node?.connected) await node.api(`uuid_kill ${uuid} NORMAL_CLEARING`).catch(() => undefined);
}
