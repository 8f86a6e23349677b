// The task dialog's numbers step over real HTTP: the count preview runs the add's own classification
// (the numbers match), files of every kind with errors counted per kind, another tenant's customers
// refused, repeated submits, the customer picker's filters; and the start refusals: no numbers, no
// billing rate at any level of the owner's tree.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { phoneHash } from '../../../../platform/secrets';
import type { AddNumbersReply, NumberSources, NumbersPreviewReply, TaskDto } from '../../../../domain/tasks';
import type { TaskBatchReply } from '../../../../domain/taskBatch';
import { insertCustomer, loggedIn, startTree, type Tree } from '../../../../test/fixtures';
import type { ApiClient } from '../../../../test/apiClient';
import { writeText, writeXls, writeXlsx } from '../../files/fixtures';

let t: Tree;
let dir: string;
const ids = { bot: 0, line: 0, opLine: 0, saTemplate: 0 };

beforeAll(async () => {
  t = await startTree();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'task-numbers-'));
  const k = t.p.db.knex;
  ids.bot = Number(
    (await k('bots').where({ account_id: t.ids.m1, status: 'online' }).whereNull('deleted_at').first('id'))
      .id,
  );
  ids.line = Number(
    (await k('sip_lines').where({ account_id: t.ids.m1, name: 'sim-line-1' }).first('id')).id,
  );
  ids.opLine = Number((await k('sip_lines').where({ name: 'demo-line-1' }).first('id')).id);
  await k('billing_rates')
    .insert({ account_id: t.ids.m1, rate_per_min_fen: 10, accuracy_s: 60 })
    .onConflict('account_id')
    .ignore();
  await k('blacklist_numbers').insert({
    account_id: t.ids.m1,
    phone: '13700000009',
    phone_hash: phoneHash(t.p.config.secretKey, '13700000009'),
  });
}, 60_000);
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await t.p.close();
});

const form = (over: Record<string, unknown> = {}) => ({
  name: '号码步骤',
  kind: 'single',
  botId: ids.bot,
  robots: 1,
  startDate: '2026-11-23',
  callPeriods: ['09:00-18:00'],
  weekdays: [],
  lineId: ids.line,
  ...over,
});
const create = async (c: ApiClient, over: Record<string, unknown> = {}) => {
  const r = await c.post<TaskDto>('/api/tasks', form(over));
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  return r.body.data!;
};
const upload = async <T>(c: ApiClient, url: string, file: string) => {
  const body = new FormData();
  body.append('file', new Blob([fs.readFileSync(file)]), path.basename(file));
  const r = await fetch(`${t.p.url}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${c.token}`, cookie: `Auth=${c.cookie}` },
    body,
  });
  return { status: r.status, body: (await r.json()) as { code: number; data: T } };
};
const total = async (id: number) =>
  Number((await t.p.db.knex('task_numbers').where('task_id', id).count({ n: '*' }))[0]!.n);

// A messy list: 3 good, 1 repeated, 2 invalid, 1 on merchant01's blacklist.
const MESSY = ['13800000101', '13800000102', '138 0000 0103', '13800000101', '12345', 'abc', '13700000009'];
const MESSY_SKIPS = { invalid: 2, duplicate: 1, blacklisted: 1 };

describe('preview and add count the same', () => {
  it('a pasted list: the preview before the task exists, the add, then a preview of the same list', async () => {
    const text = MESSY.join('\n');
    const before = await t.m1.post<NumbersPreviewReply>('/api/tasks/numbers/preview', {
      source: 'text',
      text,
    });
    expect(before.body.data).toEqual({
      toAdd: 3,
      skipped: { ...MESSY_SKIPS, exists: 0 },
      invalidSamples: ['12345', 'abc'],
    });
    const task = await create(t.m1);
    const added = (
      await t.m1.post<AddNumbersReply>(`/api/tasks/${task.id}/numbers`, { source: 'text', text })
    ).body.data!;
    expect(added).toMatchObject({ added: 3, skipped: { ...MESSY_SKIPS, exists: 0 } });
    const after = await t.m1.post<NumbersPreviewReply>(`/api/tasks/${task.id}/numbers/preview`, {
      source: 'text',
      text: `${text}\n13800000104`,
    });
    expect(after.body.data).toMatchObject({ toAdd: 1, skipped: { ...MESSY_SKIPS, exists: 3 } });
    expect(await total(task.id)).toBe(3);
  });

  it.each([
    ['txt', () => writeText(dir, 'n.txt', MESSY)],
    [
      'csv with a header',
      () => writeText(dir, 'h.csv', ['姓名,手机', ...MESSY.map((p, i) => `客户${i},${p}`)]),
    ],
    ['csv without a header', () => writeText(dir, 'n.csv', MESSY)],
    ['xlsx', () => writeXlsx(dir, 'n.xlsx', [['姓名', '手机号'], ...MESSY.map((p, i) => [`客户${i}`, p])])],
    ['xls', () => writeXls(dir, 'n.xls', [['名字', '电话'], ...MESSY.map((p, i) => [`客户${i}`, p])])],
  ])('a %s file with errors: counted per kind, the preview equal to the add', async (_kind, make) => {
    const file = await make();
    const task = await create(t.m1, { name: `文件${path.basename(file)}` });
    const pre = await upload<NumbersPreviewReply>(t.m1, '/api/tasks/numbers/preview/upload', file);
    expect(pre.body.data).toMatchObject({ toAdd: 3, skipped: { ...MESSY_SKIPS, exists: 0 } });
    const add = await upload<AddNumbersReply>(t.m1, `/api/tasks/${task.id}/numbers/upload`, file);
    expect(add.body.data).toMatchObject({ added: 3, skipped: { ...MESSY_SKIPS, exists: 0 } });
    expect(await total(task.id)).toBe(3);
  });

  it('a file that cannot be read adds nothing and says why', async () => {
    const task = await create(t.m1, { name: '坏文件' });
    const noPhone = await writeXlsx(dir, 'nophone.xlsx', [
      ['姓名', '地址'],
      ['张三', '北京'],
    ]);
    const fake = writeText(dir, 'fake.xlsx', ['13800000001']);
    const empty = writeText(dir, 'empty.txt', ['', '  ']);
    for (const f of [noPhone, fake, empty]) {
      const r = await upload<{ errors: { path: string; message: string }[] }>(
        t.m1,
        `/api/tasks/${task.id}/numbers/upload`,
        f,
      );
      expect([path.basename(f), r.status]).toEqual([path.basename(f), 400]);
      expect(r.body.data.errors[0]!.path).toBe('file');
    }
    const exe = writeText(dir, 'n.exe', ['13800000001']);
    expect((await upload(t.m1, '/api/tasks/numbers/preview/upload', exe)).status).toBe(400);
    expect(await total(task.id)).toBe(0);
  });

  it('repeated and concurrent submits add each number once', async () => {
    const task = await create(t.m1, { name: '重复提交' });
    const text = '13800000201\n13800000202';
    const [a, b] = await Promise.all([
      t.m1.post<AddNumbersReply>(`/api/tasks/${task.id}/numbers`, { source: 'text', text }),
      t.m1.post<AddNumbersReply>(`/api/tasks/${task.id}/numbers`, { source: 'text', text }),
    ]);
    expect(a.body.data!.added + b.body.data!.added).toBe(2);
    const again = (
      await t.m1.post<AddNumbersReply>(`/api/tasks/${task.id}/numbers`, { source: 'text', text })
    ).body.data!;
    expect(again).toMatchObject({ added: 0, skipped: { exists: 2 }, counts: { total: 2 } });
  });

  it('refuses bad bodies', async () => {
    for (const b of [{}, { source: 'text', text: '' }, { source: 'customers' }, { source: 'nope' }]) {
      const r = await t.m1.post('/api/tasks/numbers/preview', b);
      expect([b, r.status]).toEqual([b, 400]);
    }
  });
});

describe('from my customers', () => {
  it('picks by grade, stage, tag, import batch and never called; the preview matches the add', async () => {
    const k = t.p.db.knex;
    const [job] = await k('import_jobs')
      .insert({
        account_id: t.ids.m1,
        created_by: t.ids.m1,
        target: 'customers',
        file_name: '批次.xlsx',
        file_type: 'xlsx',
        file_path: '/tmp/x',
        option: 1,
        params: '{}',
        status: 'done',
      })
      .returning('id');
    const jobId = Number(job.id);
    const [tag] = await k('tags').insert({ account_id: t.ids.m1, name: '拣选标签' }).returning('id');
    const a = await insertCustomer(t.p, t.ids.m1, { name: '拣选甲', grade: 21, import_job_id: jobId });
    const b = await insertCustomer(t.p, t.ids.m1, { name: '拣选乙', grade: 22, import_job_id: jobId });
    const c = await insertCustomer(t.p, t.ids.m1, { name: '拣选丙', grade: 21, last_called_at: new Date() });
    await insertCustomer(t.p, t.ids.m1, { name: '拣选丁', stage: 300 });
    await k('customer_tags').insert({ customer_id: b, tag_id: tag.id });

    const sources = (await t.m1.get<NumberSources>('/api/tasks/numbers/sources')).body.data!;
    expect(sources.tags.map((x) => x.name)).toContain('拣选标签');
    expect(sources.imports.map((x) => x.id)).toContain(jobId);

    const pick = async (filter: Record<string, unknown>) =>
      (
        await t.m1.post<NumbersPreviewReply>('/api/tasks/numbers/preview', {
          source: 'customers',
          filter: { name: '拣选', ...filter },
        })
      ).body.data!.toAdd;
    expect(await pick({})).toBe(4);
    expect(await pick({ grade: 21 })).toBe(2);
    expect(await pick({ stage: 300 })).toBe(1);
    expect(await pick({ tagId: [Number(tag.id)] })).toBe(1);
    expect(await pick({ importJobId: jobId })).toBe(2);
    expect(await pick({ neverCalled: true })).toBe(3);
    expect(await pick({ grade: 21, neverCalled: true })).toBe(1);

    const task = await create(t.m1, { name: '客户拣选' });
    const add = await t.m1.post<AddNumbersReply>(`/api/tasks/${task.id}/numbers`, {
      source: 'customers',
      filter: { name: '拣选', grade: 21 },
    });
    expect(add.body.data!.added).toBe(2);
    const rows = await k('task_numbers')
      .where('task_id', task.id)
      .orderBy('customer_id')
      .pluck('customer_id');
    expect(rows.map(Number)).toEqual([a, c]);
  });

  it("refuses another tenant's customer ids and adds nothing", async () => {
    const task = await create(t.m1, { name: '他人客户' });
    const mine = await insertCustomer(t.p, t.ids.m1);
    const foreign = await insertCustomer(t.p, t.ids.m2user);
    for (const url of [
      `/api/tasks/${task.id}/numbers`,
      `/api/tasks/${task.id}/numbers/preview`,
      '/api/tasks/numbers/preview',
    ]) {
      const r = await t.m1.post(url, { source: 'customers', customerIds: [mine, foreign] });
      expect([url, r.status]).toEqual([url, 404]);
    }
    expect(await total(task.id)).toBe(0);
    // m2 cannot preview into m1's task either.
    const m2 = await t.m2.post(`/api/tasks/${task.id}/numbers/preview`, {
      source: 'text',
      text: '13800000001',
    });
    expect(m2.status).toBe(404);
    // Its sources hold nothing of m1's.
    const s2 = (await t.m2.get<NumberSources>('/api/tasks/numbers/sources')).body;
    if (s2.code === 200) expect(s2.data!.tags.map((x) => x.name)).not.toContain('拣选标签');
  });
});

describe('start refusals', () => {
  it('a task with no numbers cannot start (409 noNumbers, a clear message), alone or in bulk', async () => {
    const task = await create(t.m1, { name: '空任务' });
    const r = await t.m1.post(`/api/tasks/${task.id}/start`);
    expect([r.status, r.body.code, r.body.data]).toEqual([409, 409, { reason: 'noNumbers' }]);
    expect(r.body.message).toBe('任务还没有号码，不能启动：请先添加号码');
    // The AI-task page's bulk start (the batch move, page 'tasks') says the same.
    const bulk = (
      await t.m1.post<TaskBatchReply>('/api/tasks/batch/move', {
        action: 'start',
        ids: [task.id],
        page: 'tasks',
        requestId: `no-numbers-${Date.now()}`,
      })
    ).body.data!;
    expect(bulk.items.map((i) => [i.id, i.done, i.reason])).toEqual([[task.id, false, 'noNumbers']]);
    expect((await t.m1.get<TaskDto>(`/api/tasks/${task.id}`)).body.data!.status).toBe(1);
    await t.m1.post(`/api/tasks/${task.id}/numbers`, { source: 'text', text: '13800000301' });
    expect((await t.m1.post<TaskDto>(`/api/tasks/${task.id}/start`)).body.data!.status).toBe(4);
  });

  it('a task whose tree has no billing rate at any level cannot start; an ancestor rate is enough', async () => {
    const k = t.p.db.knex;
    const saved = await k('billing_rates').whereIn('account_id', [t.ids.m1, t.ids.op1]).select('*');
    await k('billing_rates').whereIn('account_id', [t.ids.m1, t.ids.op1]).delete();
    try {
      const task = await create(t.op1, { name: '无费率', lineId: ids.opLine });
      await t.op1.post(`/api/tasks/${task.id}/numbers`, { source: 'text', text: '13800000401' });
      const r = await t.op1.post(`/api/tasks/${task.id}/start`);
      expect([r.status, r.body.data]).toEqual([409, { reason: 'noRate' }]);
      expect(r.body.message).toContain('费率');
      const opts = (await t.op1.get<{ billing: string }>('/api/tasks/options?kind=single')).body.data!;
      expect(opts.billing).toBe('noRate');
      const en = await loggedIn(t.p, 'operator01');
      const enReply = await en.request('POST', `/api/tasks/${task.id}/start`, undefined, {
        'accept-language': 'en',
      });
      expect(enReply.body.message).toMatch(/call rate/);
      // The platform's own rate does not count (it pays nobody)…
      await k('billing_rates')
        .insert({
          account_id: (await k('accounts').where('level', 0).first('id')).id,
          rate_per_min_fen: 5,
          accuracy_s: 60,
        })
        .onConflict('account_id')
        .ignore();
      expect((await t.op1.post(`/api/tasks/${task.id}/start`)).status).toBe(409);
      // …the merchant's does: operator01's calls are billed to merchant01.
      await k('billing_rates').insert({ account_id: t.ids.m1, rate_per_min_fen: 10, accuracy_s: 60 });
      expect((await t.op1.post<TaskDto>(`/api/tasks/${task.id}/start`)).body.data!.status).toBe(4);
      expect(
        (await t.op1.get<{ billing: string }>('/api/tasks/options?kind=single')).body.data!.billing,
      ).toBe('billed');
    } finally {
      await k('billing_rates').whereIn('account_id', [t.ids.m1, t.ids.op1]).delete();
      if (saved.length) await k('billing_rates').insert(saved);
      else await k('billing_rates').insert({ account_id: t.ids.m1, rate_per_min_fen: 10, accuracy_s: 60 });
    }
  });
});

describe('the bot picker and the dialing zone', () => {
  it("lists each usable bot once: an ancestor's market template is not a bot to dial with", async () => {
    const opts = (
      await t.m1.get<{
        bots: { id: number; name: string; own: boolean; ownerAccount: string }[];
        timeZone: string;
      }>('/api/tasks/options?kind=single')
    ).body.data!;
    const names = opts.bots.map((b) => b.name);
    expect(new Set(names).size).toBe(names.length);
    expect(opts.bots.every((b) => b.own && b.ownerAccount === 'merchant01')).toBe(true);
    expect(opts.timeZone).toBe('Asia/Shanghai');
    // operator01 dials with its merchant's bots, named with their owner.
    const op = (
      await t.op1.get<{ bots: { own: boolean; ownerAccount: string }[] }>('/api/tasks/options?kind=single')
    ).body.data!;
    expect(op.bots.length).toBeGreaterThan(0);
    expect(op.bots.every((b) => !b.own && b.ownerAccount === 'merchant01')).toBe(true);
    // A template of the super administrator cannot be used by a merchant's task.
    const tpl = await t.p.db.knex('bots').where({ is_template: true }).whereNull('deleted_at').first('id');
    expect((await t.m1.post('/api/tasks', form({ name: '模板任务', botId: Number(tpl.id) }))).status).toBe(
      400,
    );
  });

  it("the bot list names each bot's owner: the merchant's copy and the template are told apart", async () => {
    const items = (
      await t.admin.get<{ items: { name: string; ownerAccount: string; accountId: number }[] }>(
        '/api/bots?pageSize=100',
      )
    ).body.data!.items;
    const pairs = items.map((b) => `${b.name}/${b.ownerAccount}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(items.some((b) => b.ownerAccount === 'merchant01')).toBe(true);
    expect(items.some((b) => b.ownerAccount === 'superadmin')).toBe(true);
  });

  it("tasks carry the owner's zone and hours for the dialling-begins warning", async () => {
    await t.p.db
      .knex('dial_settings')
      .insert({ account_id: t.ids.m1, time_zone: 'Europe/Berlin', call_start: '08:00', call_end: '20:00' })
      .onConflict('account_id')
      .merge(['time_zone', 'call_start', 'call_end']);
    const task = await create(t.m1, { name: '时区任务' });
    expect(task).toMatchObject({ timeZone: 'Europe/Berlin', accountPeriods: ['08:00-20:00'] });
  });
});
