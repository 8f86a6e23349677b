// Call records over the API: the subtree scope, each filter narrowing, keyset paging that stays
// stable while calls arrive, bad filters, the two menus (crm/dialrecord all, dialcenter/callout
// outbound only), and the detail with its transcript, reasons and audio files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CallRecordDetail, CallRecordPage } from '../../../../domain/callRecords';
import type { ApiClient } from '../../../../test/apiClient';
import { loggedIn, startTree, type Tree } from '../../../../test/fixtures';
import { insertCall, insertTask, insertTaskNumber, rawGet, writeRecording } from './testHelpers';

let t: Tree;
let u2: ApiClient;
let taskId: number;
const calls: Record<string, { id: number; uuid: string }> = {};

const at = (s: string) => new Date(`2026-03-0${s}T08:00:00Z`).toISOString();

beforeAll(async () => {
  // m2user01 holds only the outbound records page.
  t = await startTree(['dialcenter/callout']);
  u2 = await loggedIn(t.p, 'm2user01', 'secret12');
  const p = t.p;
  taskId = await insertTask(p, t.ids.m1, '回访任务');
  const tn = await insertTaskNumber(p, taskId, t.ids.m1, '13900000001', '张三');
  calls.a = await insertCall(p, {
    accountId: t.ids.m1,
    phone: '13900000001',
    task_id: taskId,
    task_number_id: tn,
    grade: 21,
    result_level: 21,
    talk_ms: 65_000,
    llm_grade: 'A',
    labels: ['价格'],
    created_at: at('1'),
  });
  calls.b = await insertCall(p, {
    accountId: t.ids.m1,
    phone: '13900000002',
    result_level: 63,
    bot_id: 7,
    created_at: at('2'),
    read: true,
  });
  calls.c = await insertCall(p, {
    accountId: t.ids.op1,
    phone: '13900000003',
    result_level: 68,
    focus: true,
    talk_ms: 5_000,
    created_at: at('3'),
  });
  calls.d = await insertCall(p, {
    accountId: t.ids.m1,
    phone: '13900000004',
    direction: 'in',
    grade: 22,
    result_level: 22,
    created_at: at('4'),
  });
  calls.test = await insertCall(p, {
    accountId: t.ids.m1,
    phone: '13900000005',
    test: true,
    created_at: at('5'),
  });
  calls.other = await insertCall(p, {
    accountId: t.ids.m2,
    phone: '13900000001',
    grade: 21,
    result_level: 21,
    created_at: at('6'),
  });
  calls.u2 = await insertCall(p, { accountId: t.ids.m2user, phone: '13900000007', created_at: at('7') });
  calls.u2in = await insertCall(p, { accountId: t.ids.m2user, direction: 'in', created_at: at('8') });
}, 60_000);
afterAll(() => t.p.close());

const list = (c: ApiClient, q = '') => c.get<CallRecordPage>(`/api/callrecords?${q}`);
const uuids = async (c: ApiClient, q = '') => {
  const r = await list(c, q);
  expect(r.status).toBe(200);
  return r.body.data!.items.map((i) => i.callUuid);
};

describe('GET /api/callrecords', () => {
  it("lists the subtree's records newest first, without test calls", async () => {
    expect(await uuids(t.m1)).toEqual([calls.d!.uuid, calls.c!.uuid, calls.b!.uuid, calls.a!.uuid]);
    expect(await uuids(t.op1)).toEqual([calls.c!.uuid]);
    expect(await uuids(t.m2)).toEqual([calls.u2in!.uuid, calls.u2!.uuid, calls.other!.uuid]);
  });

  it('shows every field of a record', async () => {
    const a = (await list(t.m1, 'llmGrade=A')).body.data!.items[0]!;
    expect(a).toMatchObject({
      callUuid: calls.a!.uuid,
      phone: '139****0001',
      name: '张三',
      gradeCode: 21,
      talkMs: 65_000,
      labels: ['价格'],
      llmGrade: 'A',
      taskId,
      taskName: '回访任务',
      read: false,
      focus: false,
      callStatus: 'ended',
      direction: 'out',
      account: 'merchant01',
    });
  });

  it.each([
    ['from/to', `from=${at('2')}&to=${at('3')}`, ['c', 'b']],
    ['levels', 'levels=63,68', ['c', 'b']],
    ['a grade level', 'levels=21', ['a']],
    ['task', `taskId=__TASK__`, ['a']],
    ['bot', 'botId=7', ['b']],
    ['minimum talk', 'minTalkS=60', ['a']],
    ['talk range', 'minTalkS=1&maxTalkS=5', ['c']],
    ['whole phone', 'phone=13900000002', ['b']],
    ['last four digits', 'phone=0003', ['c']],
    ['name', 'name=张', ['a']],
    ['read', 'read=true', ['b']],
    ['unread', 'read=false', ['d', 'c', 'a']],
    ['focus', 'focus=1', ['c']],
    ['LLM grade', 'llmGrade=A', ['a']],
  ])('filters by %s', async (_what, q, keys) => {
    expect(await uuids(t.m1, q.replace('__TASK__', String(taskId)))).toEqual(keys.map((k) => calls[k]!.uuid));
  });

  it.each([
    ['levels=99'],
    ['levels=abc'],
    ['from=yesterday'],
    [`from=${at('3')}&to=${at('1')}`],
    ['minTalkS=-1'],
    ['minTalkS=10&maxTalkS=5'],
    ['phone=123'],
    ['taskId=0'],
    ['read=maybe'],
    ['limit=0'],
    ['after=garbage'],
    ['nope=1'],
    ['view=other'],
  ])('refuses %s (400)', async (q) => {
    const r = await list(t.m1, q);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(400);
  });

  it('needs the view menu (403): crm/dialrecord for all, dialcenter/callout for outbound', async () => {
    expect((await list(t.op1, 'view=callout')).status).toBe(403);
    expect((await list(u2, 'view=dialrecord')).status).toBe(403);
    expect((await list(u2)).status).toBe(403);
    expect((await t.op1.get(`/api/callrecords/${calls.c!.uuid}?view=callout`)).status).toBe(403);
    expect((await u2.post('/api/callrecords/move?view=dialrecord', { ids: [calls.u2!.id] })).status).toBe(
      403,
    );
  });

  it('the callout view lists outbound records only', async () => {
    expect(await uuids(u2, 'view=callout')).toEqual([calls.u2!.uuid]);
    expect(await uuids(t.m1, 'view=callout')).toEqual([calls.c!.uuid, calls.b!.uuid, calls.a!.uuid]);
    // An inbound record is not reachable from the outbound page.
    expect((await u2.get(`/api/callrecords/${calls.u2in!.uuid}?view=callout`)).status).toBe(404);
  });
});

describe('GET /api/callrecords/count', () => {
  const count = async (c: ApiClient, q = '') => {
    const r = await c.get<{ count: number }>(`/api/callrecords/count?${q}`);
    expect(r.status).toBe(200);
    return r.body.data!.count;
  };

  it('counts what the filter matches, in reach only (another merchant, a subordinate, the view)', async () => {
    expect(await count(t.m1)).toBe(4);
    expect(await count(t.m1, 'levels=63,68')).toBe(2);
    expect(await count(t.m1, 'view=callout')).toBe(3);
    expect(await count(t.op1)).toBe(1);
    expect(await count(t.m2, 'phone=13900000001')).toBe(1);
    expect(await count(u2, 'view=callout')).toBe(1);
  });

  it('refuses bad filters (400) and needs the view menu (403)', async () => {
    const bad = await t.m1.get('/api/callrecords/count?levels=99');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(400);
    expect((await t.m1.get('/api/callrecords/count?nope=1')).status).toBe(400);
    expect((await u2.get('/api/callrecords/count?view=dialrecord')).status).toBe(403);
  });
});

describe('keyset paging', () => {
  it('walks every record once, in order, while new calls arrive', async () => {
    const p = t.p;
    const same = new Date('2026-02-01T00:00:00.123456Z').toISOString();
    const made: string[] = [];
    for (let i = 0; i < 12; i++)
      made.push((await insertCall(p, { accountId: t.ids.op1, created_at: i < 6 ? same : at('1') })).uuid);
    const full = await uuids(t.op1, 'limit=200');
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const r = await list(t.op1, `limit=5${after ? `&after=${after}` : ''}`);
      expect(r.status).toBe(200);
      seen.push(...r.body.data!.items.map((i) => i.callUuid));
      after = r.body.data!.next;
      // A newer call arriving mid-walk lands before the first page, not inside the walk.
      if (pages++ === 0) await insertCall(p, { accountId: t.ids.op1, created_at: new Date().toISOString() });
    } while (after);
    expect(seen).toEqual(full);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(made));
    expect(pages).toBe(Math.ceil(full.length / 5));
  });
});

describe('GET /api/callrecords/:uuid', () => {
  let rec: { id: number; uuid: string };
  let wav: string;

  beforeAll(async () => {
    wav = writeRecording(`rec-${Date.now()}.wav`);
    rec = await insertCall(t.p, {
      accountId: t.ids.m1,
      grade: 22,
      recording_path: wav,
      reason: JSON.stringify({ kind: 'rule', text: '意向规则「感兴趣」成立' }),
      created_at: at('1'),
    });
    const missing = path.join(os.tmpdir(), 'callplat-recordings', 'test', 'gone.wav');
    await t.p.db.knex('conversation_lines').insert([
      {
        call_id: rec.id,
        seq: 1,
        khtype: 'robot',
        khcontent: '您好，这里是客服中心',
        khvoicepath: [missing],
        reason: JSON.stringify({ kind: 'flow', text: '主流程开场白' }),
      },
      { call_id: rec.id, seq: 2, khtype: 'customer', khcontent: '有兴趣', khvoicepath: [`${wav}#t=3.5`] },
      // Outside the audio folders: never served, shown as missing.
      { call_id: rec.id, seq: 3, khtype: 'robot', khcontent: '好的', khvoicepath: ['/etc/hostname.wav'] },
    ]);
  });

  it('returns the transcript with voice urls and reasons, and marks the record read', async () => {
    const r = await t.m1.get<CallRecordDetail>(`/api/callrecords/${rec.uuid}`);
    expect(r.status).toBe(200);
    const d = r.body.data!;
    expect(d.reason).toEqual({ kind: 'rule', text: '意向规则「感兴趣」成立' });
    expect(d.lines.map((l) => [l.khtype, l.khcontent])).toEqual([
      ['robot', '您好，这里是客服中心'],
      ['customer', '有兴趣'],
      ['robot', '好的'],
    ]);
    expect(d.lines[0]!.reason).toEqual({ kind: 'flow', text: '主流程开场白' });
    expect(d.lines[0]!.voices).toEqual([
      { url: null, fragment: null, exists: false, missing: 'fileMissing' },
    ]);
    expect(d.lines[1]!.voices).toEqual([
      {
        url: `/api/callrecords/${rec.uuid}/audio/0?view=dialrecord`,
        fragment: 't=3.5',
        exists: true,
        missing: null,
      },
    ]);
    expect(d.lines[2]!.voices[0]!.exists).toBe(false);
    expect(d.recording).toMatchObject({ exists: true });
    expect((await t.p.db.knex('calls').where({ id: rec.id }).first('read')).read).toBe(true);
  });

  it('serves the audio file to the tenant only', async () => {
    const a = await rawGet(t.m1, `/api/callrecords/${rec.uuid}/audio/0`);
    expect(a.status).toBe(200);
    expect(a.type).toBe('audio/wav');
    expect(a.bytes.equals(fs.readFileSync(wav))).toBe(true);
    expect((await rawGet(t.m1, `/api/callrecords/${rec.uuid}/audio/1`)).status).toBe(404); // missing file
    expect((await rawGet(t.m1, `/api/callrecords/${rec.uuid}/audio/2`)).status).toBe(404); // outside roots
    expect((await rawGet(t.m1, `/api/callrecords/${rec.uuid}/audio/9`)).status).toBe(404);
    expect((await rawGet(t.m1, `/api/callrecords/${rec.uuid}/audio/x`)).status).toBe(400);
    expect((await rawGet(t.m2, `/api/callrecords/${rec.uuid}/audio/0`)).status).toBe(404);
    expect((await rawGet(t.op1, `/api/callrecords/${rec.uuid}/audio/0`)).status).toBe(404);
  });

  it("another tree's record is not found (404); a bad uuid is 400", async () => {
    expect((await t.m2.get(`/api/callrecords/${rec.uuid}`)).status).toBe(404);
    expect((await t.m1.get(`/api/callrecords/${calls.other!.uuid}`)).status).toBe(404);
    expect((await t.m1.get(`/api/callrecords/${calls.test!.uuid}`)).status).toBe(404);
    expect((await t.m1.get('/api/callrecords/not-a-uuid')).status).toBe(400);
    expect((await t.m2.post(`/api/callrecords/${rec.uuid}/focus`, { focus: true })).status).toBe(404);
  });

  it('sets and clears focus', async () => {
    expect((await t.m1.post(`/api/callrecords/${rec.uuid}/focus`, { focus: true })).status).toBe(200);
    expect(await uuids(t.m1, `focus=true`)).toContain(rec.uuid);
    expect((await t.m1.post(`/api/callrecords/${rec.uuid}/focus`, { focus: 'yes' })).status).toBe(400);
    expect((await t.m1.post(`/api/callrecords/${rec.uuid}/focus`, { focus: false })).status).toBe(200);
    expect(await uuids(t.m1, `focus=true`)).not.toContain(rec.uuid);
  });
});

describe('rounds and score come from the transcript', () => {
  it('counts the answered customer turns and adds the branch scores of the bot version the call ran', async () => {
    const k = t.p.db.knex;
    const branch = (id: string, score: number) => ({ id, score, keywords: [], prompts: [] });
    const definition = {
      flows: [{ id: 'f1', nodes: [{ id: 'n1', branches: [branch('yes', 10), branch('ask', 3)] }] }],
    };
    const [bot] = await k('bots')
      .insert({ account_id: t.ids.m1, name: '评分机器人', draft: JSON.stringify(definition) })
      .returning('id');
    const botId = Number(bot.id);
    await k('bot_versions').insert({ bot_id: botId, version: 2, definition: JSON.stringify(definition) });
    const call = await insertCall(t.p, {
      accountId: t.ids.m1,
      bot_id: botId,
      bot_version: 2,
      rounds: 0,
      created_at: at('9'),
    });
    const hit = (b: string) =>
      JSON.stringify({ kind: 'branch', flowId: 'f1', nodeId: 'n1', branchId: b, text: '' });
    const line = (seq: number, khtype: string, khcontent: string, reason: string | null = null) => ({
      call_id: call.id,
      seq,
      khtype,
      khcontent,
      reason,
    });
    await k('conversation_lines').insert([
      line(1, 'robot', '您好'),
      line(2, 'customer', '你好'),
      line(3, 'robot', '需要贷款吗', hit('yes')),
      line(4, 'customer', '利率多少'),
      line(5, 'robot', '三点五', hit('ask')),
      line(6, 'customer', '好'),
      line(7, 'robot', '再见', hit('yes')),
    ]);
    const d = await t.m1.get<CallRecordDetail>(`/api/callrecords/${call.uuid}`);
    expect(d.body.data).toMatchObject({ rounds: 3, score: 23 });
    const row = (await list(t.m1, `botId=${botId}`)).body.data!.items[0]!;
    expect(row).toMatchObject({ callUuid: call.uuid, score: 23 });
    // A call without a transcript has no score.
    expect((await list(t.m1, 'phone=13900000003')).body.data!.items[0]!.score).toBeNull();
  });
});
