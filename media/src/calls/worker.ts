// The call worker of a media process: the FreeSWITCH nodes (fs_nodes), the `dial` queue consumer,
// and one CallSession per job. A job resolves when its call has ended and its record is closed.
import type { Job } from 'bull';
import Redis from 'ioredis';
import type { Knex } from 'knex';
import { openDb } from '../../../platform/connections';
import type { Config } from '../../../config';
import type { DialJob } from '../../../domain/calls';
import { mediaNodeKey } from '../../../domain/media';
import type { BackoffOptions, NodeConfig } from '../esl/node';
import { loadNodeConfigs, NodePool } from '../esl/pool';
import { followLineChanges, reportStatus, STATUS_MS } from '../esl/status';
import { answerWithLlm, BotCache, storeLlmGrade } from './bots';
import { CallLive } from './live';
import { outcomeOf, UNKNOWN_FACTS } from './outcome';
import { PromptFiles } from './prompts';
import { closeRecord } from '../../../platform/callRecord';
import { checkJob } from './checkJob';
import { callNeeds, fitNodes, refuseCall } from './nodeFit';
import { faultText } from '../../../domain/fsProbe';
import { maskPhone } from '../../../domain/format';
import { startAliveLoop } from './aliveLoop';
import { handleStalledOut, isStalledOut } from './stalledOut';
import { TransferClient } from './transferClient';
import { listenInbound, type InboundCalls } from './inbound';
import { createMediaQueue } from '../queue';
import { TRANSFER_QUEUE, type TransferJob } from '../../../domain/transfer';
import { createDialQueue, type DialQueue, type DialQueueOptions } from './queue';
import { followSeatHangups } from './seatHangup';
import { AsrResolver } from '../speech/asr';
import { log } from '../../../platform/log';
import {
  CallSession,
  DEFAULT_LLM_DEAD_AIR_MS,
  DEFAULT_MACHINE_DETECTION,
  type MachineDetection,
  type SessionDeps,
  type SessionMetrics,
} from './session';

export interface CallWorkerOptions {
  config: Config;
  db?: Knex;
  redis?: Redis;
  /** Nodes to drive; default: the enabled rows of fs_nodes. */
  nodes?: NodeConfig[];
  backoff?: BackoffOptions;
  /** Calls at once in this process (each is a long-running Bull job). */
  concurrency?: number;
  queue?: DialQueueOptions;
  timeScale?: number;
  originateTimeoutSec?: number;
  lostAfterMs?: number;
  metrics?: SessionMetrics;
  /** The media worker's heartbeat id (media/src/heartbeat.ts), stored with each call it dials. */
  workerId?: string;
  /** Recognizer per account; default: asr_settings through AsrResolver. */
  asr?: SessionDeps['asr'];
  /** Answering-machine detection (mod_avmd beeps, long first greeting). */
  machine?: Partial<MachineDetection>;
  /** Silence allowed while the LLM answers before the filler plays, ms. */
  llmDeadAirMs?: number;
  /** Live event sink (tests watch what a call emits); default: the Socket.IO redis emitter. */
  live?: CallLive;
}

export interface CallWorker {
  pool: NodePool;
  dial: DialQueue;
  sessions: Map<string, CallSession>;
  /** Inbound calls the reception scenes answer (inbound.ts). */
  inbound: InboundCalls;
  close(): Promise<void>;
}

async function giveUp(deps: SessionDeps, job: DialJob, err: Error): Promise<void> {
  const row = await deps.db('calls').where({ call_uuid: job.callUuid }).first('id');
  const now = Date.now() * 1000;
  const o = outcomeOf({
    ...UNKNOWN_FACTS,
    createdUs: now,
    hangupUs: now,
    unknown: { code: 'callError', params: { error: err.message.slice(0, 200) } },
  });
  if (row)
    await closeRecord(deps.db, Number(row.id), {
      ...o,
      hangupCause: null,
      sipStatus: null,
      rounds: 0,
      recordingPath: null,
    });
}

export async function startCallWorker(o: CallWorkerOptions): Promise<CallWorker> {
  const { config } = o;
  const db = o.db ?? openDb(config, 20);
  const redis = o.redis ?? new Redis(config.redisUrl, { maxRetriesPerRequest: null });
  const pool = new NodePool(o.nodes ?? (await loadNodeConfigs(db, config.secretKey)), o.backoff);
  const sessions = new Map<string, CallSession>();
  for (const node of pool.nodes)
    node.on('down', () => {
      for (const s of sessions.values()) if (s.nodeName === node.config.name) s.nodeDown();
    });
  pool.start();
  await Promise.race([
    Promise.any(pool.nodes.map((n) => n.ready(3000))).catch(() => undefined),
    new Promise((r) => setTimeout(r, 3000).unref()),
  ]);

  // Offers to human seats go to the server's transfer processor (modules/seats/state/transfer.ts).
  const transferQueue = createMediaQueue<TransferJob>(config, TRANSFER_QUEUE, { jobOptions: {} });
  const transfers = new TransferClient(transferQueue.queue, redis, config.redisPrefix);
  const deps: SessionDeps = {
    db,
    redis,
    config,
    pool,
    bots: new BotCache(db),
    prompts: new PromptFiles(db, config),
    live: o.live ?? new CallLive(redis, config.redisPrefix),
    timeScale: o.timeScale ?? 1,
    originateTimeoutSec: o.originateTimeoutSec ?? 45,
    lostAfterMs: o.lostAfterMs ?? 30000,
    workerId: o.workerId ?? null,
    workerAlive: async (id) => (await redis.exists(mediaNodeKey(config.redisPrefix, id))) === 1,
    transfers,
    llm: (accountId, input) => answerWithLlm(db, config.secretKey, accountId, input),
    asr: o.asr ?? new AsrResolver(db),
    machine: { ...DEFAULT_MACHINE_DETECTION, ...o.machine },
    llmDeadAirMs: o.llmDeadAirMs ?? DEFAULT_LLM_DEAD_AIR_MS,
    llmGrade: (call) => storeLlmGrade(db, config.secretKey, call),
    metrics: o.metrics,
  };

  const inbound = listenInbound(pool, deps);
  // The seat desk's hang-up button: the worker running the call ends it.
  const stopHangups = await followSeatHangups(
    redis,
    config.redisPrefix,
    pool,
    (uuid) => sessions.get(uuid) ?? inbound.active.get(uuid),
  );

  // Stamps this worker's calls alive and helps close a dead worker's (aliveLoop.ts): before any job.
  const workerId = o.workerId;
  const stopAlive = workerId
    ? await startAliveLoop({
        db,
        redis,
        prefix: config.redisPrefix,
        workerId,
        pool,
        isActive: (uuid) => sessions.has(uuid) || inbound.active.has(uuid),
      })
    : async () => undefined;

  const dial = createDialQueue(config, o.queue);
  dial.queue.on('failed', (job, err) => {
    log.error('dial job failed', {
      callUuid: job.data.callUuid,
      attempt: job.attemptsMade,
      err: err.message,
    });
    if (isStalledOut(err))
      void handleStalledOut(redis, config.redisPrefix, job, (j, e) => giveUp(deps, j, e), err).catch(
        (e: Error) =>
          log.error('dial job left after stalling', { callUuid: job.data.callUuid, err: e.message }),
      );
  });
  dial.queue
    .process('*', o.concurrency ?? 1000, async (job: Job<DialJob>) => {
      let data: DialJob;
      try {
        data = checkJob(job.data);
      } catch (err) {
        await job.discard();
        throw err;
      }
      // Only nodes that can carry this call (recognizer, codec, gateway up); none: refused, not dialled.
      let callDeps = deps;
      if (data.direction !== 'in') {
        const need = await callNeeds(deps, data);
        const fit = need ? fitNodes(pool, need) : null;
        if (fit && 'refused' in fit) {
          if (await refuseCall(deps, data, fit.refused)) {
            log.warn('dial job not dialled', { callUuid: data.callUuid, why: faultText(fit.refused) });
            deps.live.state(data, {
              callUuid: data.callUuid,
              accountId: data.accountId,
              taskId: data.taskId ?? null,
              status: 'ended',
              resultLevel: null,
              grade: null,
              test: data.test ?? false,
              lineId: data.lineId,
              phoneMasked: maskPhone(data.phone),
              at: new Date().toISOString(),
            });
            return;
          }
        } else if (fit) callDeps = { ...deps, pool: fit.pool };
      }
      const session = new CallSession(data, callDeps);
      sessions.set(session.uuid, session);
      try {
        await session.run();
      } catch (err) {
        // The last attempt closes the record (90) so it never stays open; earlier ones retry.
        if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) await giveUp(deps, data, err as Error);
        throw err;
      } finally {
        sessions.delete(session.uuid);
      }
    })
    .catch((err: Error) => log.error('dial worker stopped processing', { err: err.message }));
  await dial.queue.isReady();

  // Node state for the cluster page, and gateway reloads when lines change.
  const status = setInterval(
    () => void reportStatus(redis, config.redisPrefix, pool).catch(() => undefined),
    STATUS_MS,
  );
  void reportStatus(redis, config.redisPrefix, pool).catch(() => undefined);
  const stopFollowing = await followLineChanges(
    new Redis(config.redisUrl, { maxRetriesPerRequest: null }),
    config.redisPrefix,
    pool,
  );

  return {
    pool,
    dial,
    sessions,
    inbound,
    async close() {
      clearInterval(status);
      inbound.stop();
      await stopHangups();
      await stopFollowing();
      await dial.close();
      await stopAlive();
      await transferQueue.close();
      await transfers.close();
      await pool.stop();
      if (!o.redis) redis.disconnect();
      if (!o.db) await db.destroy();
    },
  };
}
