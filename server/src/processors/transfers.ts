// The `transfers` queue's consumer: the seat offers of this process (the transfer's rules are
// modules/seats/state/transfer.ts), and the sweep of stuck seats every STUCK_SWEEP_MS
// (modules/seats/state/stuckSeats.ts).
import type Queue from 'bull';
import type { TransferJob, TransferOfferJob } from '../../../domain/transfer';
import type { Deps } from '../deps';
import { log } from '../../../platform/log';
import { stoppedProcessing } from '../../../platform/queue';
import { TransferChannel } from '../../../platform/transferChannel';
import { seatStates } from '../modules/seats/state/state';
import { STUCK_SWEEP_MS } from '../modules/seats/state/stuckSeats';
import {
  freeStuckSeats,
  runEnded,
  runFailed,
  runOffer,
  runWrapUpOver,
  Stopped,
  type Runner,
} from '../modules/seats/state/transfer';
import { listenTransferWakes } from '../modules/seats/state/transferWakes';

/** How often the runner renews its alive key. */
const ALIVE_EVERY_MS = 1000;

export interface TransferProcessor {
  /** Lets go of the offers this process runs (their seats are freed; the media worker re-asks). */
  stop(): Promise<void>;
}

/**
 * One Bull consumer per process takes the jobs; each offer then runs on its own here, for as long as
 * people take to answer. (A Bull consumer of many concurrent jobs shares one blocking connection,
 * whose close at shutdown left a rejection nobody heard.) The job is done once the offer runs; the
 * runner's alive key tells the media worker it still does, and when the key goes (the process died),
 * the media worker asks again and the next process frees the seat that was left ringing.
 */
export function startTransferProcessor(deps: Deps): TransferProcessor {
  const q: Queue.Queue<TransferJob> = deps.queues.transfers;
  const states = seatStates({
    db: deps.db,
    redis: deps.redis,
    prefix: deps.config.redisPrefix,
    live: deps.live,
  });
  const running = new Set<Promise<unknown>>();
  let stopping = false;
  const wakes = listenTransferWakes(deps.redis, deps.config.redisPrefix);
  const channel = new TransferChannel(deps.redis, deps.config.redisPrefix);

  function start(job: TransferOfferJob): Promise<void> {
    let last = 0;
    const runner: Runner = {
      stopping: () => stopping,
      async beat() {
        if (Date.now() - last < ALIVE_EVERY_MS) return;
        last = Date.now();
        await channel.keepAlive(job.callUuid, String(process.pid));
      },
      seatFree: (groupId, ms) => wakes.seatFree(groupId, ms),
      changed: (callUuid, ms) => wakes.changed(callUuid, ms),
    };
    const run = runOffer(deps, states, job, runner)
      .catch((e: unknown) => {
        if (!(e instanceof Stopped))
          log.warn('transfer offer failed', { callUuid: job.callUuid, err: String(e) });
      })
      .finally(() => channel.dropAlive(job.callUuid).catch(() => undefined));
    running.add(run);
    void run.finally(() => running.delete(run));
    return runner.beat();
  }

  let sweeping: Promise<unknown> = Promise.resolve();
  const sweeper = setInterval(() => {
    sweeping = freeStuckSeats(deps, states).catch((e: unknown) =>
      log.warn('stuck seat sweep failed', { err: String(e) }),
    );
  }, STUCK_SWEEP_MS);

  q.process(async (job) => {
    if (job.data.kind === 'ended') return runEnded(deps, states, job.data);
    if (job.data.kind === 'failed') return runFailed(deps, states, job.data);
    if (job.data.kind === 'wrapupOver') return runWrapUpOver(states, job.data);
    if (stopping) throw new Error('this process is stopping');
    return start(job.data);
  }).catch(stoppedProcessing(q));

  return {
    async stop() {
      stopping = true;
      clearInterval(sweeper);
      await sweeping;
      await wakes.close();
      await Promise.all([...running]);
    },
  };
}
