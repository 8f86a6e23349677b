// Reception scenes on the real platform: the form rules (name ≥ 2, DID digits, the target's id), a DID
// belongs to one scene (409), another tree's scenes, lines, bots and seat groups are out of reach
// (404), the menu is needed (403). Then inbound calls through the simulator: a bot scene answers and
// its record shows in /dialcenter/callin only, a seat-group scene offers the call to a seat who takes
// it, and a number no scene answers is turned away and noted.
import type { Socket } from 'socket.io-client';
import type { SeatOfferEvent } from '../../../../domain/events';
import type { SceneDto } from '../../../../domain/scenes';
import type { SeatDto, SeatGroupDto } from '../../../../domain/seats';
import type { CallRecordRow } from '../../../../domain/callRecords';
import { inboundRejectedKey } from '../../../../media/src/calls/inbound';
import type { CallWorker } from '../../../../media/src/calls/worker';
import { DEFAULT_PERSONAS } from '../../../../media/src/sim/personas';
import { startSimulator, type Simulator } from '../../../../media/src/sim/server';
import { RawEsl, refusesPersona } from '../../../../media/src/sim/testing';
import { settleEnded } from '../../dialer/settle';
import { startTestWorker } from '../../../../test/mediaKit';
import { accountId, liveSocket, loggedIn, startTree, type Tree } from '../../../../test/fixtures';
import { until } from '../../../../test/until';

let t: Tree;
let lineId: number;
let botId: number;
let group: SeatGroupDto;

const form = (over: Record<string, unknown> = {}) => ({
  name: '售后热线',
  did: '4008001000',
  lineId,
  target: 'bot',
  botId,
  ...over,
});

beforeAll(async () => {
  t = await startTree(['dialcenter/callin']);
  const k = t.p.db.knex;
  lineId = Number((await k('sip_lines').where({ account_id: t.ids.m1 }).orderBy('id').first('id')).id);
  botId = Number((await k('bots').where({ account_id: t.ids.m1 }).orderBy('id').first('id')).id);
  group = (await t.m1.post<SeatGroupDto>('/api/seats/groups', { name: '来电组' })).body.data!;
}, 60_000);

afterAll(async () => {
  await t?.p.close();
});

describe('scenes API', () => {
  it('creates, lists, edits and deletes a scene', async () => {
    const r = await t.m1.post<SceneDto>('/api/scenes', form({ did: '4008001001' }));
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      name: '售后热线',
      did: '4008001001',
      lineId,
      target: 'bot',
      botId,
      seatGroupId: null,
      waitSeconds: 30,
      enabled: true,
    });
    const id = r.body.data!.id;
    const list = (await t.m1.get<SceneDto[]>('/api/scenes')).body.data!;
    expect(list.map((s) => s.id)).toContain(id);
    const e = await t.m1.put<SceneDto>(`/api/scenes/${id}`, {
      ...form({ did: '4008001001', name: '人工热线' }),
      target: 'seatGroup',
      botId: null,
      seatGroupId: group.id,
      waitSeconds: 0,
    });
    expect(e.body.data).toMatchObject({
      name: '人工热线',
      target: 'seatGroup',
      botId: null,
      seatGroupId: group.id,
      waitSeconds: 0,
    });
    const opts = (await t.m1.get<{ groups: Array<{ id: number }> }>('/api/scenes/options')).body.data!;
    expect(opts.groups.map((g) => g.id)).toContain(group.id);
    expect((await t.m1.request('DELETE', `/api/scenes/${id}`, {})).status).toBe(400);
    expect((await t.m1.request('DELETE', `/api/scenes/${id}`, { confirm: 'delete' })).status).toBe(200);
    expect((await t.m1.get<SceneDto[]>('/api/scenes')).body.data!.map((s) => s.id)).not.toContain(id);
  });

  it('refuses bad input with the form rules', async () => {
    const bad = async (over: Record<string, unknown>) => {
      const r = await t.m1.post('/api/scenes', form({ did: '4008001002', ...over }));
      expect(r.status).toBe(400);
      return ((r.body.data as { errors: Array<{ path: string }> }).errors ?? []).map((x) => x.path);
    };
    expect(await bad({ name: '售' })).toContain('name');
    expect(await bad({ name: 12 })).toContain('name');
    expect(await bad({ did: '40a8' })).toContain('did');
    expect(await bad({ did: '1' })).toContain('did');
    expect(await bad({ lineId: 'one' })).toContain('lineId');
    expect(await bad({ target: 'queue' })).toContain('target');
    expect(await bad({ botId: null })).toContain('botId');
    expect(await bad({ seatGroupId: group.id })).toContain('seatGroupId');
    expect(await bad({ target: 'seatGroup', botId: null })).toContain('seatGroupId');
    for (const waitSeconds of [7, -5, 605, 2.5, '30', null])
      expect(await bad({ waitSeconds })).toContain('waitSeconds');
    await bad({ extra: 1 }); // unknown fields are refused too
  });

  it('a DID belongs to one scene on the whole platform (409)', async () => {
    expect((await t.m1.post('/api/scenes', form({ did: '4008001003', name: '甲场景' }))).status).toBe(200);
    const dup = await t.m1.post('/api/scenes', form({ did: '4008001003', name: '乙场景' }));
    expect(dup.status).toBe(409);
    expect(dup.body.data).toMatchObject({ errors: [expect.objectContaining({ path: 'did' })] });
    const name = await t.m1.post('/api/scenes', form({ did: '4008001004', name: '甲场景' }));
    expect(name.status).toBe(409);
  });

  it("another tree's scenes, lines, bots and seat groups are out of reach (404)", async () => {
    const mine = (await t.m1.post<SceneDto>('/api/scenes', form({ did: '4008001005', name: '隔离' }))).body
      .data!;
    expect((await t.m2.get<SceneDto[]>('/api/scenes')).body.data!.map((s) => s.id)).not.toContain(mine.id);
    expect((await t.m2.put(`/api/scenes/${mine.id}`, form({ did: '4008001005' }))).status).toBe(404);
    expect((await t.m2.request('DELETE', `/api/scenes/${mine.id}`, { confirm: 'delete' })).status).toBe(404);
    // merchant02 naming merchant01's line, bot or seat group.
    expect((await t.m2.post('/api/scenes', form({ did: '4008001006' }))).status).toBe(404);
    const g = { target: 'seatGroup', botId: null, seatGroupId: group.id, did: '4008001007' };
    expect((await t.m2.post('/api/scenes', form(g))).status).toBe(404);
    const opts = (await t.m2.get<{ groups: Array<{ id: number }>; lines: unknown[] }>('/api/scenes/options'))
      .body.data!;
    expect(opts.groups.map((x) => x.id)).not.toContain(group.id);
    // The scene is still merchant01's and unchanged.
    expect((await t.m1.get<SceneDto[]>('/api/scenes')).body.data!.find((s) => s.id === mine.id)?.name).toBe(
      '隔离',
    );
  });

  it('needs the dialcenter/callin menu (403)', async () => {
    expect((await t.op1.get('/api/scenes')).status).toBe(403);
    expect((await t.op1.post('/api/scenes', form({ did: '4008001008' }))).status).toBe(403);
    expect((await t.op1.get('/api/callrecords?view=callin')).status).toBe(403);
  });
});

describe('inbound calls through the simulator', () => {
  let sim: Simulator;
  let worker: CallWorker;
  let esl: RawEsl;
  const SCALE = 0.05;

  const call = async (number: string, caller: string, persona = '-') => {
    const r = await esl.command(`api sim_inbound ${number} ${caller} ${persona}`);
    expect(r.body).toMatch(/^\+OK /);
    return r.body.trim().slice(4);
  };
  const ended = (uuid: string) =>
    until(async () => {
      const c = await t.p.db.knex('calls').where({ call_uuid: uuid }).first();
      return c?.status === 'ended' ? c : undefined;
    }, 40_000);

  beforeAll(async () => {
    sim = await startSimulator({
      timeScale: SCALE,
      seed: 5,
      heartbeatMs: 0,
      personas: [refusesPersona('refuses', '^13900000001$'), ...DEFAULT_PERSONAS],
    });
    worker = await startTestWorker(t.p, sim.port, SCALE);
    esl = await RawEsl.open(sim.port, '');
  }, 30_000);
  afterAll(async () => {
    esl?.close();
    await worker?.close();
    await sim?.close();
  });

  it('a bot scene answers with its published bot; the record is in /dialcenter/callin only', async () => {
    await t.m1.post('/api/scenes', form({ did: '4008002000', name: '机器人接待' }));
    const uuid = await call('4008002000', '13900000001', 'refuses');
    const row = await ended(uuid);
    const bot = await t.p.db.knex('bots').where({ id: botId }).first('published_version');
    expect(row).toMatchObject({
      direction: 'in',
      account_id: String(t.ids.m1),
      bot_id: String(botId),
      bot_version: bot.published_version,
      line_id: String(lineId),
    });
    expect(row.answered_at).not.toBeNull();
    expect(Number(row.talk_ms)).toBeGreaterThan(0);
    const lines = await t.p.db.knex('conversation_lines').where({ call_id: row.id }).orderBy('seq');
    expect(lines.map((l) => l.khtype)).toEqual(expect.arrayContaining(['robot', 'customer']));
    const inList = (await t.m1.get<{ items: CallRecordRow[] }>('/api/callrecords?view=callin')).body.data!
      .items;
    expect(inList.find((r) => r.callUuid === uuid)).toMatchObject({ direction: 'in', botId });
    const outList = (await t.m1.get<{ items: CallRecordRow[] }>('/api/callrecords?view=callout')).body.data!
      .items;
    expect(outList.some((r) => r.callUuid === uuid)).toBe(false);
    // merchant02 never sees it.
    const m2List = (await t.m2.get<{ items: CallRecordRow[] }>('/api/callrecords?view=callin')).body.data!
      .items;
    expect(m2List.some((r) => r.callUuid === uuid)).toBe(false);
    // Settled (billed) like any other call (the scheduler is off in tests: settle here).
    await settleEnded(t.p.server.deps);
    const settled = await t.p.db.knex('calls').where({ id: row.id }).first('settled_at', 'charged_fen');
    expect(settled.settled_at).not.toBeNull();
  }, 60_000);

  it('a seat-group scene offers the call to a seat who takes it', async () => {
    const seat = (
      await t.m1.post<SeatDto>('/api/seats', {
        name: '来电坐席',
        type: 'extension',
        extension: '8101',
        authName: 'auth8101',
        authPassword: 'secret77',
        groupId: group.id,
        userId: await accountId(t.p, 'operator01'),
      })
    ).body.data!;
    const op = await loggedIn(t.p, 'operator01');
    const s: Socket = await liveSocket(t.p, op);
    const offers: SeatOfferEvent[] = [];
    s.on('seat:offer', (e: SeatOfferEvent) => offers.push(e));
    try {
      await until(async () => (await t.p.server.io.in(`seat:${seat.id}`).fetchSockets()).length === 1);
      await op.put(`/api/seats/${seat.id}/state`, { online: true });
      await t.m1.post('/api/scenes', {
        ...form({ did: '4008003000', name: '人工接待' }),
        target: 'seatGroup',
        botId: null,
        seatGroupId: group.id,
      });
      const watch = await RawEsl.open(sim.port, 'plain PLAYBACK_START PLAYBACK_STOP CHANNEL_EXECUTE');
      const uuid = await call('4008003000', '13900000002');
      const o = await until(() => offers.find((x) => x.callUuid === uuid));
      // The caller hears music on hold while the seat rings.
      await watch.event(
        (e) =>
          e['Event-Name'] === 'PLAYBACK_START' &&
          e['Unique-ID'] === uuid &&
          e['Playback-File-Path'] === 'local_stream://moh',
      );
      expect(o.seatId).toBe(seat.id);
      expect(o.card.phoneMasked).toBe('139****0002');
      const ack = (await s
        .timeout(3000)
        .emitWithAck('seat:answer', { callUuid: uuid, seatId: seat.id, accept: true } as never)) as {
        code: number;
      };
      expect(ack.code).toBe(200);
      const row = await ended(uuid);
      expect(row).toMatchObject({
        direction: 'in',
        bot_id: null,
        transfer_outcome: 'accepted',
        transfer_seat_id: String(seat.id),
      });
      expect(row.answered_at).not.toBeNull();
      expect(row.reason).toMatchObject({ text: expect.stringContaining('来电坐席') });
      // ... and it stops before the bridge.
      const mine = watch.events().filter((e) => e['Unique-ID'] === uuid);
      watch.close();
      const holdEnd = mine.findIndex(
        (e) => e['Event-Name'] === 'PLAYBACK_STOP' && e['Playback-File-Path'] === 'local_stream://moh',
      );
      expect(mine[holdEnd]?.['Playback-Status']).toBe('break');
      expect(
        mine.findIndex((e) => e['Event-Name'] === 'CHANNEL_EXECUTE' && e.Application === 'bridge'),
      ).toBeGreaterThan(holdEnd);
    } finally {
      s.disconnect();
    }
  }, 90_000);

  it('a seat-group scene rings for its own wait, then tells the caller nobody answered', async () => {
    const empty = (await t.m1.post<SeatGroupDto>('/api/seats/groups', { name: '空坐席组' })).body.data!;
    await t.m1.post('/api/scenes', {
      ...form({ did: '4008005000', name: '五秒等待' }),
      target: 'seatGroup',
      botId: null,
      seatGroupId: empty.id,
      waitSeconds: 5,
    });
    const uuid = await call('4008005000', '13900000005');
    const row = await ended(uuid);
    expect(row).toMatchObject({ direction: 'in', transfer_outcome: 'noSeat' });
    expect(row.reason).toMatchObject({ text: expect.stringContaining('没有空闲坐席') });
    // The scene's 5 s, not the 30 s default: the caller heard the answer after at least 5 s.
    const waited = new Date(row.ended_at).getTime() - new Date(row.answered_at).getTime();
    expect(waited).toBeGreaterThanOrEqual(4_900);
    expect(waited).toBeLessThan(30_000);
  }, 60_000);

  it('a disabled scene turns its calls away; its owner sees the missed call', async () => {
    await t.m1.post('/api/scenes', form({ did: '4008004000', name: '停用场景', enabled: false }));
    const uuid = await call('4008004000', '13900000004');
    const row = await ended(uuid);
    expect(row).toMatchObject({
      direction: 'in',
      account_id: String(t.ids.m1),
      answered_at: null,
      talk_ms: 0,
    });
    expect(row.reason).toMatchObject({ text: expect.stringContaining('停用') });
    const inList = (await t.m1.get<{ items: CallRecordRow[] }>('/api/callrecords?view=callin')).body.data!
      .items;
    expect(inList.some((r) => r.callUuid === uuid)).toBe(true);
  });

  it('a number no scene answers is turned away unanswered and noted', async () => {
    const uuid = await call('4009999999', '13900000003');
    const key = inboundRejectedKey(t.p.config.redisPrefix);
    const entry = await until(async () => {
      const all = await t.p.server.deps.redis.lrange(key, 0, -1);
      return all
        .map((x) => JSON.parse(x) as { did: string; why: string })
        .find((x) => x.did === '4009999999');
    });
    expect(entry.why).toBe('unknownNumber');
    await until(() => sim.stats().channels === 0 || undefined);
    expect(await t.p.db.knex('calls').where({ call_uuid: uuid }).first()).toBeUndefined();
    expect(worker.inbound.active.size).toBe(0);
  });
});
