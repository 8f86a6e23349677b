// Which FreeSWITCH nodes may carry a dial job, from their probes (esl/probe.ts, domain/fsProbe.ts):
// a node without the recognizer the account's bot listens with (none for a keys-only bot), without the line's codec, or seeing
// the line's gateway down is not used. When no connected node fits, the call is refused before any
// originate: its record closes as not placed with the fault (the dialer gives the number back,
// marks the line faulty or pauses the task: server/src/dialer/callFaults.ts).
import type { Knex } from 'knex';
import type Redis from 'ioredis';
import type { DialJob } from '../../../domain/calls';
import {
  faultReason,
  nodeRefusal,
  recognizerModule,
  type CallFault,
  type CallNeeds,
} from '../../../domain/fsProbe';
import { lineGatewayName } from '../../../domain/telephony-config';
import type { EslNode } from '../esl/node';
import type { NodePool } from '../esl/pool';
import type { AsrAdapter } from '../speech/asr';
import type { BotCache } from './bots';
import { recognizerFor } from './recognizer';
import { closeRecord, ensureRecord } from '../../../platform/callRecord';
import { ResultLevel } from '../../../domain/telephony';

export interface FitDeps {
  db: Knex;
  redis: Redis;
  config: { secretKey: string; redisPrefix: string };
  asr: { forAccount(accountId: number): Promise<AsrAdapter> };
  bots: Pick<BotCache, 'load'>;
}

/**
 * What the call needs from a node; null when its line is gone (the session reports that). A bot that
 * only listens for keys needs no recognizer.
 */
export async function callNeeds(d: FitDeps, job: DialJob): Promise<CallNeeds | null> {
  const line = await d.db('sip_lines').where({ id: job.lineId }).first('codec');
  if (!line) return null;
  const bot = await d.bots.load(job.accountId, job.botId, job.botVersion).catch(() => null);
  const asr = await recognizerFor(d.asr, job.accountId, bot);
  return {
    lineId: job.lineId,
    gateway: lineGatewayName(job.lineId),
    codec: String(line.codec ?? ''),
    module: recognizerModule(asr.name),
  };
}

export type Fit = { pool: NodePool } | { refused: CallFault } | null;

/**
 * The pool the session may pick from (the connected nodes that fit), the fault when none fits,
 * or null when no node is connected at all (the session's own "no node" path retries).
 */
export function fitNodes(pool: NodePool, need: CallNeeds): Fit {
  const up = pool.nodes.filter((n) => n.connected && n.config.weight > 0);
  if (!up.length) return null;
  const refusals = up.map((n) => nodeRefusal(n.probe, need));
  if (refusals.some((r) => r === null))
    return { pool: pool.only((n: EslNode) => !nodeRefusal(n.probe, need)) };
  // Every node refused: a line fault first (it pauses all the line's tasks), else the recognizer.
  return { refused: refusals.find((r) => r?.kind === 'line') ?? refusals[0]! };
}

/**
 * Closes the record as never placed, with the fault for the dialer; false (nothing done) when an
 * earlier attempt originated it already or it is closed: the session's recovery decides then.
 */
export async function refuseCall(d: FitDeps, job: DialJob, fault: CallFault): Promise<boolean> {
  const rec = await ensureRecord(d.db, d.config.secretKey, job);
  if (rec.originatedAt || rec.status === 'ended') return false;
  await closeRecord(d.db, rec.id, {
    resultLevel: ResultLevel.unknown,
    grade: null,
    labels: [],
    hangupCause: fault.kind === 'line' ? fault.cause : null,
    sipStatus: null,
    ringMs: 0,
    talkMs: 0,
    totalMs: 0,
    billableMs: 0,
    rounds: 0,
    reason: faultReason(fault),
    recordingPath: null,
  });
  return true;
}
