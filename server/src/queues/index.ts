import type Queue from 'bull';
import type { Config } from '../../../config';
import { closeQueue, createQueue } from '../../../platform/queue';
import type { MailJob } from './mail';
import { TTS_QUEUE, type TtsJob } from '../../../domain/speech';
import { DIAL_QUEUE, type DialJob } from '../../../domain/calls';
import { TRANSFER_QUEUE, type TransferJob } from '../../../domain/transfer';

export interface Queues {
  mail: Queue.Queue<MailJob>;
  /** Repeatable housekeeping: ends sessions of accounts that expired (see tasks/sweepSessions). */
  maintenance: Queue.Queue<Record<string, never>>;
  /** Customer-center work: reminders falling due, automatic release to the sea. */
  crm: Queue.Queue<Record<string, unknown>>;
  /** Number imports (one job per import_jobs row). */
  imports: Queue.Queue<{ importJobId: number }>;
  /** Customer exports (one job per export_jobs row). */
  exports: Queue.Queue<{ exportJobId: number }>;
  /** Speech rendering for the media worker: published bot versions and editor previews. */
  tts: Queue.Queue<TtsJob>;
  /** Call attempts for the media worker (domain/calls.ts): test calls and the dial scheduler's claims. */
  dial: Queue.Queue<DialJob>;
  /** Pushes of settled calls to the account's push addresses (one job per call; modules/pushes). */
  pushes: Queue.Queue<{ callId: number }>;
  /**
   * Transfers of calls to human seats, from the media worker (consumer: processors/transfers.ts; the
   * transfer's rules: modules/seats/state/transfer.ts).
   */
  transfers: Queue.Queue<TransferJob>;
}

export function createQueues(config: Config): Queues {
  return {
    mail: createQueue<MailJob>(config, 'mail'),
    maintenance: createQueue(config, 'maintenance'),
    crm: createQueue(config, 'crm'),
    imports: createQueue(config, 'imports'),
    exports: createQueue(config, 'exports'),
    tts: createQueue<TtsJob>(config, TTS_QUEUE),
    dial: createQueue<DialJob>(config, DIAL_QUEUE),
    pushes: createQueue<{ callId: number }>(config, 'pushes'),
    transfers: createQueue<TransferJob>(config, TRANSFER_QUEUE),
  };
}

export async function closeQueues(q: Queues): Promise<void> {
  await Promise.all(Object.values(q).map((x: Queue.Queue) => closeQueue(x)));
}
