// The seat desk's hang-up and the end of wrap-up, on the real platform with the media worker and the
// simulator: POST /api/seats/:id/desk/calls/:uuid/hangup ends the call the seat took (the worker
// running it kills the customer's leg), the seat goes to wrap-up, and without a disposition it is idle
// again after the wrap-up time. Bad input, another tenant and a seat not on the call are refused.
import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import type { SeatOfferEvent } from '../../../../../domain/events';
import type { SeatDto, SeatGroupDto } from '../../../../../domain/seats';
import type { CallWorker } from '../../../../../media/src/calls/worker';
import { startSimulator, type Simulator } from '../../../../../media/src/sim/server';
import { RawEsl } from '../../../../../media/src/sim/testing';
import type { ApiClient } from '../../../../../test/apiClient';
import { accountId, liveSocket, loggedIn, secondMerchantTree } from '../../../../../test/fixtures';
import { startTestPlatform, type TestPlatform } from '../../../../../test/harness';
import { dialDemoBot, startTestWorker, transferringCallee } from '../../../../../test/mediaKit';
import { until } from '../../../../../test/until';
import { wrapUp } from '../state/transfer';

// Slow enough that the simulator's virtual seat stays on the line (30 s simulated = 6 s) while the
// test hangs up.
const SCALE = 0.2;
const PHONE = '13700000099';
let p: TestPlatform;
let sim: Simulator;
let worker: CallWorker;
let op: ApiClient;
let opS: Socket;
let seat: SeatDto;
let other: Awaited<ReturnType<typeof secondMerchantTree>>;

const statusOf = async () => (await op.get<SeatDto>(`/api/seats/${seat.id}/state`)).body.data!.state.status;
const hangup = (c: ApiClient, seatId: number, uuid: string) =>
  c.post(`/api/seats/${seatId}/desk/calls/${uuid}/hangup`, {});

beforeAll(async () => {
  p = await startTestPlatform();
  const m1 = await loggedIn(p, 'merchant01');
  other = await secondMerchantTree(p, ['dialcenter/seatsmanage']);
  const group = (await m1.post<SeatGroupDto>('/api/seats/groups', { name: '转接组' })).body.data!;
  expect(group.id).toBe(1); // the demo bots transfer to group 1
  seat = (
    await m1.post<SeatDto>('/api/seats', {
      name: '坐席A',
      type: 'extension',
      extension: '8001',
      authName: 'auth8001',
      authPassword: 'secret77',
      groupId: group.id,
      userId: await accountId(p, 'operator01'),
    })
  ).body.data!;
  op = await loggedIn(p, 'operator01');
  opS = await liveSocket(p, op);
  await until(async () => (await p.server.io.in(`seat:${seat.id}`).fetchSockets()).length === 1);
  // The seat takes every pop-up at once.
  opS.on('seat:offer', (e: SeatOfferEvent) => {
    void opS
      .timeout(3000)
      .emitWithAck('seat:answer', { callUuid: e.callUuid, seatId: e.seatId, accept: true });
  });
  sim = await startSimulator({
    timeScale: SCALE,
    seed: 6,
    heartbeatMs: 0,
    personas: transferringCallee(PHONE, { ringMs: [200, 200], replyDelayMs: [100, 100] }),
  });
  worker = await startTestWorker(p, sim.port, SCALE);
}, 60_000);

afterAll(async () => {
  opS?.disconnect();
  await worker?.close();
  await sim?.close();
  await p?.close();
});

it('refuses bad input, another tenant, and a call the seat is not on', async () => {
  expect((await hangup(op, seat.id, 'not-a-uuid')).status).toBe(400);
  expect((await hangup(op, 0, randomUUID())).status).toBe(400);
  // Another tree's user sees no such seat; an unknown call of the seat is missing too.
  const r = await hangup(other.u2, seat.id, randomUUID());
  expect(r.status).toBe(404);
  expect(r.body).toMatchObject({ code: 404 });
  expect((await hangup(op, seat.id, randomUUID())).status).toBe(404);
});

it('hangs up from the desk; the seat wraps up, then is idle again after the wrap-up time', async () => {
  const k = p.db.knex;
  wrapUp.timeoutMs = 2000;
  await op.put(`/api/seats/${seat.id}/state`, { online: true });
  const watch = await RawEsl.open(sim.port, 'plain CHANNEL_BRIDGE');
  const uuid = await dialDemoBot(p, PHONE);
  // Taken by the seat and bridged (the virtual seat answers a second after the bridge starts).
  await until(
    async () => (await k('calls').where({ call_uuid: uuid }).first())?.transfer_outcome === 'accepted',
    60_000,
  );
  await watch.event((e) => e['Event-Name'] === 'CHANNEL_BRIDGE' && e['Unique-ID'] === uuid, 10_000);
  watch.close();
  expect((await k('calls').where({ call_uuid: uuid }).first()).status).not.toBe('ended');
  const asked = Date.now();
  const r = await hangup(op, seat.id, uuid);
  expect(r.status).toBe(200);
  expect(r.body).toMatchObject({ code: 200, data: { callUuid: uuid } });
  const call = await until(async () => {
    const c = await k('calls').where({ call_uuid: uuid }).first();
    return c?.status === 'ended' ? c : undefined;
  }, 10_000);
  // Ended by the hang-up, well before the virtual seat would have (6 s of bridge).
  expect(Date.now() - asked).toBeLessThan(4000);
  expect(call.transfer_seat_id).toBe(String(seat.id));
  await until(async () => (await statusOf()) === 'wrapup', 10_000);
  // Hanging up again: the seat is not on the call any more.
  const again = await hangup(op, seat.id, uuid);
  expect(again.status).toBe(409);
  expect(again.body).toMatchObject({ code: 409 });
  // No disposition: the wrap-up time runs out and the seat takes calls again.
  await until(async () => (await statusOf()) === 'idle', 10_000);
}, 90_000);
