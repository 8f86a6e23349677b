// Reception scenes on the real platform: the form rules (name ≥ 2, DID digits, the target's id), a DID
// must be one of its line's numbers and belongs to one scene per line (409), another tree's scenes,
// lines, bots and seat groups are out of reach (404), the menu is needed (403). Then inbound calls
// through the simulator, each arriving on a line (the gateway FreeSWITCH matched): a bot scene answers
// and its record shows in /dialcenter/callin only, a seat-group scene offers the call to a seat who
// takes it, a number no scene answers is turned away and noted, and a call is routed by its number
// AND the line it came on (issue 21: a scene on another line is an unknown number to it).
import type { Socket } from 'socket.io-client';
import type { SeatOfferEvent } from '../../../../domain/events';
import type { SceneDto } from '../../../../domain/scenes';
import type { SeatDto, SeatGroupDto } from '../../../../domain/seats';
import type { SipLineDto } from '../../../../domain/telephony-config';
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
let m2LineId: number;
let m2GroupId: number;
/** merchant02's own line (an IP trunk at a public address of its carrier). */
const m2Line = {
  name: 'm2 线路',
  serverIp: '58.20.30.40',
  port: 5060,
  account: 'm2acct01',
  password: 'm2-Line-secret',
  callerNumber: '',
  prefix: '',
  codec: 'PCMA',
  sendRate: '5/1',
  portCount: 10,
  mode: 'gateway',
  enabled: true,
  dids: ['4008007000'],
};

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
  // The numbers merchant01's carrier delivers on its line (4008001000-4008009999 in these tests).
  const dids = Array.from({ length: 9 }, (_, i) => `400800${i + 1}000`);
  for (let i = 1; i <= 12; i++) dids.push(`40080010${String(i).padStart(2, '0')}`);
  await k('sip_lines').where({ id: lineId }).update({ dids });
  group = (await t.m1.post<SeatGroupDto>('/api/seats/groups', { name: '来电组' })).body.data!;
  const m2l = await t.m2.post<SipLineDto>('/api/dialcenter/lines', m2Line);
  expect(m2l.status).toBe(200);
  m2LineId = m2l.body.data!.id;
  m2GroupId = (await t.m2.post<SeatGroupDto>('/api/seats/groups', { name: '二号来电组' })).body.data!.id;
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

  it("a scene's number must be one of its line's numbers (400), whoever else holds it", async () => {
    const r = await t.m1.post('/api/scenes', form({ did: '4008119999', name: '不在线路上' }));
    expect(r.status).toBe(400);
    expect(r.body.data).toMatchObject({ errors: [expect.objectContaining({ path: 'did' })] });
    // merchant02 claiming merchant01's number on a line of its own: refused, and the reply says
    // nothing of the number's holder (account, scene or line).
    const taken = await t.m1.post<SceneDto>('/api/scenes', form({ did: '4008001009', name: '被占号码' }));
    expect(taken.status).toBe(200);
    const squat = await t.m2.post('/api/scenes', {
      ...form({ did: '4008001009', name: '抢注' }),
      lineId: m2LineId,
      target: 'seatGroup',
      botId: null,
      seatGroupId: m2GroupId,
    });
    expect(squat.status).toBe(400);
    expect(squat.body.data).toMatchObject({ errors: [expect.objectContaining({ path: 'did' })] });
    const text = JSON.stringify(squat.body);
    for (const leak of ['merchant01', '被占号码', String(taken.body.data!.id), String(lineId)])
      expect(text).not.toContain(leak);
  });

  it('the line form keeps its inbound numbers; they are checked and left alone when not sent', async () => {
    const l = (await t.m2.get<SipLineDto[]>('/api/dialcenter/lines')).body.data!.find(
      (x) => x.id === m2LineId,
    )!;
    expect(l.dids).toEqual(expect.arrayContaining(['4008007000']));
    const put = (over: Record<string, unknown>) =>
      t.m2.put<SipLineDto>(`/api/dialcenter/lines/${m2LineId}`, { ...m2Line, password: '', ...over });
    for (const dids of [['40a8'], ['1'], ['4008007000', '4008007000'], '4008007000', [7]]) {
      const r = await put({ dids });
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body.data)).toContain('dids');
    }
    expect((await put({ dids: ['4008007000', '4008007001'] })).body.data!.dids).toEqual([
      '4008007000',
      '4008007001',
    ]);
    // A form without the field (an older client) keeps the numbers.
    const { dids: _omitted, ...withoutDids } = m2Line;
    const kept = await t.m2.put<SipLineDto>(`/api/dialcenter/lines/${m2LineId}`, {
      ...withoutDids,
      password: '',
      name: 'm2 主干线',
    });
    expect(kept.body.data!.dids).toEqual(['4008007000', '4008007001']);
    // The scene form offers each line with its numbers.
    const opts = (await t.m2.get<{ lines: Array<{ id: number; numbers: string[] }> }>('/api/scenes/options'))
      .body.data!;
    expect(opts.lines.find((x) => x.id === m2LineId)!.numbers).toContain('4008007001');
  });

  it('one number may have a scene on each line that carries it; twice on one line is 409', async () => {
    // Both tenants' carriers deliver 4008007000: each tenant's scene on its own line.
    expect((await t.m1.post('/api/scenes', form({ did: '4008007000', name: '一号的 7000' }))).status).toBe(
      200,
    );
    const mine = await t.m2.post('/api/scenes', {
      ...form({ did: '4008007000', name: '二号的 7000' }),
      lineId: m2LineId,
      target: 'seatGroup',
      botId: null,
      seatGroupId: m2GroupId,
      enabled: false,
    });
    expect(mine.status).toBe(200);
    const again = await t.m1.post('/api/scenes', form({ did: '4008007000', name: '一号的第二个' }));
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.body)).not.toContain('一号的 7000');
  });

  it('a DID belongs to one scene per line (409)', async () => {
    expect((await t.m1.post('/api/scenes', form({ did: '4008001003', name: '甲场景' }))).status).toBe(200);
    const dup = await t.m1.post('/api/scenes', form({ did: '4008001003', name: '乙场景' }));
    expect(dup.status).toBe(409);
    expect(dup.body.data).toMatchObject({ errors: [expect.objectContaining({ path: 'did' })] });
    // Issue 21: a generic "not available", naming no scene (or tenant) that holds the DID.
    expect(dup.body.message).toBe('该接待号码不可用，请换一个');
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

  /** A customer calls `number`; the call arrives on merchant01's line unless `via` says otherwise. */
  const call = async (number: string, caller: string, persona = '-', via = `line-${lineId} -`) => {
    const r = await esl.command(`api sim_inbound ${number} ${caller} ${persona} - ${via}`);
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

  /** The worker's note of a turned-away call to `did`, once it is there. */
  const rejected = (did: string, n = 1) =>
    until(async () => {
      const all = await t.p.server.deps.redis.lrange(inboundRejectedKey(t.p.config.redisPrefix), 0, -1);
      const hits = all.map((x) => JSON.parse(x) as { did: string; why: string }).filter((x) => x.did === did);
      return hits.length >= n ? hits : undefined;
    });

  it("a call is routed by number AND arriving line: another line's scene is an unknown number (404)", async () => {
    // merchant02's scene for 4008008000 is on merchant02's line only.
    await t.p.db
      .knex('sip_lines')
      .where({ id: m2LineId })
      .update({ dids: ['4008007000', '4008008000'] });
    const s = await t.m2.post<SceneDto>('/api/scenes', {
      ...form({ did: '4008008000', name: '二号停用接待' }),
      lineId: m2LineId,
      target: 'seatGroup',
      botId: null,
      seatGroupId: m2GroupId,
      enabled: false,
    });
    expect(s.status).toBe(200);
    // A second event-socket client hears the hang-ups, as the carrier side would see them.
    const events = await RawEsl.open(sim.port);
    const causeOf = async (uuid: string) =>
      (
        await events.event(
          (e) => e['Event-Name'] === 'CHANNEL_HANGUP_COMPLETE' && e['Unique-ID'] === uuid,
          20_000,
        )
      )['Hangup-Cause'];
    try {
      // Arriving on merchant01's line: nobody's number there. Turned away as unallocated (SIP 404),
      // no record for merchant02, its scene untouched.
      const wrongLine = await call('4008008000', '13900000011');
      expect((await rejected('4008008000'))[0]!.why).toBe('unknownNumber');
      expect(await causeOf(wrongLine)).toBe('UNALLOCATED_NUMBER');
      expect(await t.p.db.knex('calls').where({ call_uuid: wrongLine }).first()).toBeUndefined();
      // No gateway, from 127.0.0.1: the simulator line's carrier address, a line where merchant02's
      // number has no scene. Unknown too.
      const noLine = await call('4008008000', '13900000012', '-', '- 127.0.0.1');
      expect((await rejected('4008008000', 2)).every((x) => x.why === 'unknownNumber')).toBe(true);
      expect(await causeOf(noLine)).toBe('UNALLOCATED_NUMBER');

      // Arriving on merchant02's own line (its gateway, or as an IP trunk from its carrier's address):
      // merchant02's scene takes it (disabled here, so it is turned away with a record for merchant02).
      for (const via of [`line-${m2LineId} -`, '- 58.20.30.40']) {
        const uuid = await call('4008008000', '13900000013', '-', via);
        const row = await ended(uuid);
        expect(row).toMatchObject({
          direction: 'in',
          account_id: String(t.ids.m2),
          scene_id: String(s.body.data!.id),
        });
        expect(await causeOf(uuid)).toBe('NO_ROUTE_DESTINATION');
      }
      // merchant01's scene for the shared number 4008007000 answers only calls on merchant01's line:
      // on merchant02's line the same number reaches merchant02's (disabled) scene.
      const onM2 = await call('4008007000', '13900000014', '-', `line-${m2LineId} -`);
      expect((await ended(onM2)).account_id).toBe(String(t.ids.m2));
    } finally {
      events.close();
    }
  }, 60_000);

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
