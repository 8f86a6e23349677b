// The server's background work, started from one place when the process runs processors (tests can
// turn them off): the queue consumers (processors/), the loops (tasks/) and the dial scheduler
// (dialer/, its own subsystem). The start order below is the order they have always started in.
import type { Deps } from './deps';
import type { IntervalLoop } from './lib/intervalLoop';
import type { IoServer } from './socket/live';
import { rooms } from '../../domain/events';
import { startDialer, type Dialer } from './dialer/scheduler';
import { processCrm } from './processors/crm';
import { processExports } from './processors/exports';
import { processImports } from './processors/imports';
import { processMail } from './processors/mail';
import { startPushSender } from './processors/pushes';
import { startTransferProcessor } from './processors/transfers';
import { startRollupFolder } from './tasks/foldRollups';
import { startFsStatusRelay } from './tasks/fsStatusRelay';
import { startPlatformPulse } from './tasks/platformPulse';
import { scheduleSweeper } from './tasks/sweepSessions';

export interface Background {
  /** The dial scheduler, when this process runs it (config.dialer.enabled). */
  dialer: Dialer | null;
  /**
   * Ends the work that still emits and writes, before the server closes its gateway: the dialer, then
   * the loops, then the transfer offers (their seats are freed; the media worker asks again).
   */
  stop(): Promise<void>;
  /** Closes the push sender's own queue objects; the server does it with its queues, after the gateway. */
  closeQueues(): Promise<void>;
}

export async function startBackground(deps: Deps, io: IoServer): Promise<Background> {
  const { config } = deps;
  // Queue consumers.
  processMail(deps.queues.mail, config);
  await scheduleSweeper(deps);
  processExports(deps);
  processImports(deps);
  await processCrm(deps);
  // Loops. The platform pulse runs only while a panel is open on one of this process's sockets.
  const panelOpen = () => (io.of('/').adapter.rooms.get(rooms.platform)?.size ?? 0) > 0;
  const loops: IntervalLoop[] = [
    startFsStatusRelay(deps),
    startPlatformPulse(deps, panelOpen),
    startRollupFolder(deps),
  ];
  const pushSender = startPushSender(deps);
  const transfers = startTransferProcessor(deps);
  const dialer = config.dialer.enabled ? startDialer(deps) : null;
  return {
    dialer,
    async stop() {
      await dialer?.stop();
      await Promise.all(loops.map((l) => l.stop()));
      await transfers.stop();
    },
    closeQueues: () => pushSender.stop(),
  };
}
