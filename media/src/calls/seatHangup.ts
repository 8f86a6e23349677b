// The seat desk's hang-up (server: modules/seats/desk/service.ts hangupDeskCall): the server publishes
// the call's uuid, and the worker that runs the call kills its customer leg on its node (uuid_kill);
// FreeSWITCH then ends the bridged seat leg too, and the call's end puts the seat in wrap-up as usual.
// Workers that do not run the call ignore the message.
import type Redis from 'ioredis';
import { seatHangupChannel } from '../../../platform/transferChannel';
import type { NodePool } from '../esl/pool';
import { checkUuid } from '../esl/guard';

/** A running call: the node it is on. */
type Running = { nodeName: string | null };

export async function followSeatHangups(
  redis: Redis,
  prefix: string,
  pool: NodePool,
  find: (uuid: string) => Running | undefined,
): Promise<() => Promise<void>> {
  const sub = redis.duplicate();
  sub.on('error', () => undefined); // reconnects by itself
  sub.on('message', (_channel: string, uuid: string) => {
    const call = find(uuid);
    const node = call?.nodeName ? pool.byName(call.nodeName) : undefined;
    if (!node) return;
    let safe: string;
    try {
      safe = checkUuid(uuid);
    } catch {
      return;
    }
    void node.api(`uuid_kill ${safe} NORMAL_CLEARING`).catch(() => undefined);
  });
  await sub.subscribe(seatHangupChannel(prefix));
  return async () => {
    sub.disconnect();
  };
}
