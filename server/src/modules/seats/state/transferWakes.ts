// What a running transfer waits for, heard over Redis pub/sub instead of polled: a seat of its group
// becoming pickable (any process publishes the group on seatFreeChannel when it pushes the seat's new
// state), and a change to the transfer itself (the seat answered, the customer hung up: published on
// transferWakeChannel with the call's uuid). Each wait also ends after its time limit, and the caller
// reads the state again either way: a message lost to a reconnect costs a poll, never a decision.
import type Redis from 'ioredis';
import { seatFreeChannel } from '../../../../../platform/seatStore';
import { transferWakeChannel } from '../../../../../platform/transferChannel';
import { Wakeups } from '../../../../../platform/wakeups';

export interface TransferWakes {
  /** Resolves once the subscriptions are in place (a wake published before that is missed). */
  ready: Promise<void>;
  /** Until a seat of `groupId` may be free, or `ms` passed. */
  seatFree(groupId: number, ms: number): Promise<boolean>;
  /** Until something about the transfer of `callUuid` changed, or `ms` passed. */
  changed(callUuid: string, ms: number): Promise<boolean>;
  close(): Promise<void>;
}

export function listenTransferWakes(redis: Redis, prefix: string): TransferWakes {
  const sub = redis.duplicate();
  const free = seatFreeChannel(prefix);
  const transfer = transferWakeChannel(prefix);
  const wakes = new Wakeups();
  // Closed: waits end at once (the runners are stopping and look at that before waiting again).
  let closed = false;
  sub.on('message', (channel: string, message: string) => {
    if (channel === free) wakes.wake(`group:${message}`);
    else if (channel === transfer) wakes.wake(`call:${message}`);
  });
  sub.on('error', () => undefined); // reconnects; meanwhile the time limits still end each wait
  const ready = sub.subscribe(free, transfer).then(
    () => undefined,
    () => undefined,
  );
  return {
    ready,
    async seatFree(groupId, ms) {
      await ready;
      return !closed && wakes.wait(`group:${groupId}`, ms);
    },
    async changed(callUuid, ms) {
      await ready;
      return !closed && wakes.wait(`call:${callUuid}`, ms);
    },
    async close() {
      closed = true;
      wakes.close();
      sub.disconnect();
    },
  };
}
