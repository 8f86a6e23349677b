// The seat leg between a seat's accept and the bridge, against real Redis, a real Bull queue and the
// real TransferClient; the server's side is played by writing its reply and publishing its wake (as in
// transferClient.int.test.ts), the switch by a node that records what it is asked to run. A customer
// who hangs up in that window must not leave the seat busy for ever (demoLeads.int failed that way
// under CI load: one seat, stuck, took no call of a whole task).
import Redis from 'ioredis';
import { loadConfig } from '../../../config';
import type { DialJob } from '../../../domain/calls';
import {
  TRANSFER_QUEUE,
  type TransferFailedJob,
  type TransferJob,
  type TransferReply,
} from '../../../domain/transfer';
import { transferReplyKey, transferWakeChannel } from '../../../platform/transferChannel';
import { createTestDb, type TestDb } from '../../../test/db';
import { until } from '../../../test/until';
import type { EslNode } from '../esl/node';
import { createMediaQueue, type MediaQueue } from '../queue';
import { SeatLeg, type SeatFailure, type SeatLegHost } from './seatLeg';
import type { SessionDeps } from './session';
import { TransferClient } from './transferClient';

const config = {
  ...loadConfig(),
  redisPrefix: `test:${process.pid}:${Math.random().toString(36).slice(2, 10)}`,
};
const prefix = config.redisPrefix;
let redis: Redis;
let queue: MediaQueue<TransferJob>;
let client: TransferClient;
let db: TestDb;

beforeAll(async () => {
  redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1 });
  queue = createMediaQueue<TransferJob>(config, TRANSFER_QUEUE, { jobOptions: {} });
  client = new TransferClient(queue.queue, redis, prefix);
  db = await createTestDb();
});

afterAll(async () => {
  await client.close();
  await queue.close();
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
  await db.drop();
});

let n = 0;

/** A call's seat leg whose switch answers every command; `onBreak` runs when the hold music is broken. */
function leg(
  seat: { type: 'extension' | 'mobile'; extension: string | null },
  onBreak: () => void,
  onBridge: () => { response: string } = () => ({ response: '+OK' }),
) {
  const uuid = `00000000-0000-4000-9000-${String(++n).padStart(12, '0')}`;
  const ran: string[] = [];
  let gone = false;
  let music: (() => void) | null = null;
  const node = {
    execute: (_uuid: string, app: string) => {
      ran.push(app);
      if (app === 'bridge') return Promise.resolve({ ...onBridge(), headers: new Map() });
      if (app !== 'playback') return Promise.resolve({ response: '+OK', headers: new Map() });
      return new Promise<void>((resolve) => (music = resolve));
    },
    api: (cmd: string) => {
      if (cmd.startsWith('uuid_break')) {
        onBreak();
        music?.();
      }
      return Promise.resolve('+OK');
    },
    clearLane: () => undefined,
  } as unknown as EslNode;
  const host: SeatLegHost = {
    uuid,
    job: { lineId: 1 } as DialJob,
    deps: { db: db.knex, transfers: client } as unknown as SessionDeps,
    node: () => node,
    // No such record: the outcome's write changes nothing.
    recordId: () => -1,
    linePrefix: '',
    over: () => gone,
    bridging: () => undefined,
  };
  const reply: TransferReply = {
    callUuid: uuid,
    outcome: 'accepted',
    offers: 1,
    seat: { id: 7000 + n, name: 'A', type: seat.type, extension: seat.extension, mobile: null },
  };
  return { uuid, ran, host, reply, hangUp: () => (gone = true) };
}

/** The server accepts: its reply and its wake, once the offer was asked. */
async function accept(r: TransferReply): Promise<void> {
  await until(async () =>
    (await queue.queue.getWaiting()).some((j) => j.data.kind === 'offer' && j.data.callUuid === r.callUuid),
  );
  await redis.set(transferReplyKey(prefix, r.callUuid), JSON.stringify(r), 'EX', 60);
  await redis.publish(transferWakeChannel(prefix), r.callUuid);
}

const failedJob = async (uuid: string) =>
  (await queue.queue.getWaiting()).find((j) => j.data.kind === 'failed' && j.data.callUuid === uuid)?.data as
    TransferFailedJob | undefined;

const offer = { seatGroupId: 1, waitSeconds: 30, taskId: null, transcript: [] };
const card = {
  customerId: null,
  name: '',
  phoneMasked: '138****0000',
  grade: null,
  tags: [],
  lastFollowUp: null,
};

it('a customer who hangs up as the seat takes the call: never bridged, the seat is let go', async () => {
  // The hang-up comes as the music is being stopped, after the accepted reply was read.
  const l = leg({ type: 'extension', extension: '8001' }, () => l.hangUp());
  const failures: SeatFailure[] = [];
  const done = new SeatLeg(l.host).offer({ ...offer, card }, (why) => failures.push(why));
  await accept(l.reply);
  await done;
  expect(await until(() => failedJob(l.uuid))).toMatchObject({
    seatId: l.reply.seat!.id,
    cause: 'ORIGINATOR_CANCEL',
  });
  expect(l.ran).not.toContain('bridge');
  expect(failures).toEqual([]);
});

it('a seat whose number cannot be dialled is let go, and the call falls back', async () => {
  const l = leg({ type: 'extension', extension: 'not a number' }, () => undefined);
  const failures: SeatFailure[] = [];
  const sl = new SeatLeg(l.host);
  const done = sl.offer({ ...offer, card }, (why) => failures.push(why));
  await accept(l.reply);
  await done;
  expect(await until(() => failedJob(l.uuid))).toMatchObject({ seatId: l.reply.seat!.id });
  expect(l.ran).not.toContain('bridge');
  expect(failures).toHaveLength(1);
  // Not left as accepted on the record: no seat had the call.
  expect(sl.outcome).toBe('noSeat');
});

it("a seat's phone that fails as the customer hangs up: the record says cancelled, not accepted", async () => {
  const l = leg(
    { type: 'extension', extension: '8003' },
    () => undefined,
    () => {
      l.hangUp();
      return { response: 'USER_BUSY' };
    },
  );
  const sl = new SeatLeg(l.host);
  const failures: SeatFailure[] = [];
  const done = sl.offer({ ...offer, card }, (why) => failures.push(why));
  await accept(l.reply);
  await done;
  expect(l.ran).toContain('bridge');
  await until(() => sl.outcome === 'cancelled');
  expect(failures).toEqual([]);
});

it('a call that goes on after the accept is bridged, and nothing is let go', async () => {
  const l = leg({ type: 'extension', extension: '8002' }, () => undefined);
  const done = new SeatLeg(l.host).offer({ ...offer, card }, () => undefined);
  await accept(l.reply);
  await done;
  await until(() => l.ran.includes('bridge'));
  expect(await failedJob(l.uuid)).toBeUndefined();
});
