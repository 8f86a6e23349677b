// AI tasks over real HTTP: create/edit/copy/delete with the SPEC §5 rules, transitions and their log,
// bulk start/pause (the batch move with page 'tasks'), numbers (customers, paste, upload), own/all
// lists, menus and tenant isolation.
import { phoneHash } from '../../../../platform/secrets';
import type {
  AddNumbersReply,
  OverviewRow,
  StatusLogDto,
  TaskDto,
  TaskListReply,
  TaskNumbersReply,
} from '../../../../domain/tasks';
import type { TaskBatchReply } from '../../../../domain/taskBatch';
import { insertCustomer, insertCustomers, loggedIn, startTree, type Tree } from '../../../../test/fixtures';
import type { ApiClient } from '../../../../test/apiClient';

let t: Tree;
let u2: ApiClient;
const ids = { bot: 0, line: 0, opLine: 0, draftBot: 0, m2bot: 0, m2line: 0, saBot: 0 };

async function insertBot(accountId: number, name: string, over: Record<string, unknown> = {}) {
  const [r] = await t.p.db
    .knex('bots')
    .insert({ account_id: accountId, name, draft: '{}', status: 'online', published_version: 1, ...over })
    .returning('id');
  return Number(r.id);
}

beforeAll(async () => {
  t = await startTree();
  u2 = await loggedIn(t.p, 'm2user01', 'secret12');
  const k = t.p.db.knex;
  const bot = await k('bots')
    .where({ account_id: t.ids.m1, status: 'online' })
    .whereNull('deleted_at')
    .first('id');
  ids.bot = Number(bot.id);
  ids.line = Number(
    (await k('sip_lines').where({ account_id: t.ids.m1, name: 'sim-line-1' }).first('id')).id,
  );
  ids.opLine = Number((await k('sip_lines').where({ name: 'demo-line-1' }).first('id')).id);
  ids.draftBot = await insertBot(t.ids.m1, '草稿机器人', { status: 'draft', published_version: null });
  ids.m2bot = await insertBot(t.ids.m2, '二号机器人');
  const [l] = await k('sip_lines')
    .insert({
      account_id: t.ids.m2,
      name: 'm2-line',
      server_ip: '10.0.0.9',
      port: 5060,
      auth_account: 'm2line01',
      password_enc: '',
    })
    .returning('id');
  ids.m2line = Number(l.id);
  // A start needs a billing rate at some level of the owner's tree (startChecks.ts).
  await k('billing_rates')
    .insert({ account_id: t.ids.m1, rate_per_min_fen: 10, accuracy_s: 60 })
    .onConflict('account_id')
    .ignore();
}, 60_000);
afterAll(() => t.p.close());

let bulkSeq = 0;
/** The AI-task page's bulk start/pause: the batch move, page 'tasks', one request id per click. */
const bulk = (c: ApiClient, action: string, taskIds: number[], page = 'tasks') =>
  c.post<TaskBatchReply>('/api/tasks/batch/move', {
    action,
    ids: taskIds,
    page,
    requestId: `tasks-bulk-${++bulkSeq}-${Date.now()}`,
  });
const outcome = (r: TaskBatchReply) => r.items.map((i) => [i.id, i.done, i.reason ?? null]);

const form = (over: Record<string, unknown> = {}) => ({
  name: '测试任务',
  kind: 'single',
  botId: ids.bot,
  robots: 2,
  startDate: '2026-11-23',
  callPeriods: ['09:00-12:00', '14:00-18:00'],
  noCallPeriods: ['12:30-13:00'],
  weekdays: [1, 2, 3, 4, 5],
  failHangupCount: 3,
  redial: { enabled: true, count: 2, intervalMinutes: 30, levels: [67, 68] },
  pushUrl: 'https://push.example.com/hook',
  pushAccount: 'acc01',
  pushGrades: [21, 22],
  wechatPush: true,
  lineId: ids.line,
  ...over,
});

const create = async (c: ApiClient, over: Record<string, unknown> = {}) => {
  const r = await c.post<TaskDto>('/api/tasks', form(over));
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  return r.body.data!;
};
const del = (c: ApiClient, path: string, body?: unknown) => c.request('DELETE', path, body);
const paste = (c: ApiClient, id: number, text: string) =>
  c.post<AddNumbersReply>(`/api/tasks/${id}/numbers`, { source: 'text', text });
/** A start needs at least one number. */
const oneNumber = (c: ApiClient, id: number) => paste(c, id, '13900009999');

describe('create, read, edit, copy, delete', () => {
  it('creates a task with every field and logs its creation', async () => {
    const task = await create(t.m1);
    expect(task).toMatchObject({
      name: '测试任务',
      kind: 'single',
      botId: ids.bot,
      robots: 2,
      startDate: '2026-11-23',
      callPeriods: ['09:00-12:00', '14:00-18:00'],
      noCallPeriods: ['12:30-13:00'],
      weekdays: [1, 2, 3, 4, 5],
      failHangupCount: 3,
      redial: { enabled: true, count: 2, intervalMinutes: 30, levels: [67, 68] },
      pushUrl: 'https://push.example.com/hook',
      pushGrades: [21, 22],
      wechatPush: true,
      lineId: ids.line,
      lineName: 'sim-line-1',
      active: true,
      status: 1,
      runState: 1,
      counts: { pending: 0, claimed: 0, done: 0, skipped: 0, total: 0 },
    });
    expect((await t.m1.get<TaskDto>(`/api/tasks/${task.id}`)).body.data).toEqual(task);
    const log = (await t.m1.get<StatusLogDto[]>(`/api/tasks/${task.id}/log`)).body.data!;
    expect(log).toEqual([
      expect.objectContaining({
        fromStatus: null,
        toStatus: 1,
        toRun: 1,
        actor: 'user',
        byAccountId: t.ids.m1,
        reason: { code: 'taskCreated', text: '创建任务' },
      }),
    ]);
  });

  it('refuses bad input with the field at fault', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'a' }, 'name'],
      [{ name: '  ' }, 'name'],
      [{ name: 5 }, 'name'],
      [{ botId: null }, 'botId'],
      [{ botId: 'x' }, 'botId'],
      [{ robots: 'x' }, 'robots'],
      [{ robots: 0 }, 'robots'],
      [{ robots: 1.5 }, 'robots'],
      [{ startDate: '' }, 'startDate'],
      [{ startDate: '2026-02-30' }, 'startDate'],
      [{ callPeriods: [] }, 'callPeriods'],
      [{ callPeriods: ['25:00-26:00'] }, 'callPeriods'],
      [{ callPeriods: ['09:00-12:00', '11:00-13:00'] }, 'callPeriods'],
      [{ callPeriods: ['09:00-09:00'] }, 'callPeriods'],
      [{ noCallPeriods: ['bad'] }, 'noCallPeriods'],
      [{ weekdays: [0] }, 'weekdays'],
      [{ weekdays: [8] }, 'weekdays'],
      [{ redial: { enabled: true, count: 6, intervalMinutes: 5, levels: [67] } }, 'redial.count'],
      [{ redial: { enabled: true, count: 1, intervalMinutes: 5, levels: [21] } }, 'redial.levels'],
      [{ pushUrl: 'ftp://x' }, 'pushUrl'],
      // The outbound guard's checks at save (issue 21): private literals, credentials, ports.
      [{ pushUrl: 'http://127.0.0.1:8080/hook' }, 'pushUrl'],
      [{ pushUrl: 'http://2130706433/hook' }, 'pushUrl'],
      [{ pushUrl: 'http://[::ffff:169.254.169.254]/hook' }, 'pushUrl'],
      [{ pushUrl: 'http://a@push.example.com/hook' }, 'pushUrl'],
      [{ pushUrl: 'http://push.example.com:6379/hook' }, 'pushUrl'],
      [{ lineId: null }, 'lineId'],
      [{ kind: 'other' }, 'kind'],
      [{ requestId: 'short' }, 'requestId'],
    ];
    for (const [over, path] of cases) {
      const r = await t.m1.post('/api/tasks', form(over));
      expect([over, r.status]).toEqual([over, 400]);
      const errors = (r.body.data as { errors: { path: string }[] }).errors.map((e) => e.path);
      expect([over, errors]).toEqual([over, expect.arrayContaining([path])]);
    }
    expect((await t.m1.post('/api/tasks', 'not json')).status).toBe(400);
  });

  it('refuses more robots than AI seats, and bots or lines out of reach', async () => {
    const path = async (over: Record<string, unknown>) => {
      const r = await t.m1.post('/api/tasks', form(over));
      expect(r.status).toBe(400);
      return (r.body.data as { errors: { path: string }[] }).errors[0]!.path;
    };
    expect(await path({ robots: 21 })).toBe('robots'); // merchant01 has 20 AI seats
    expect(await path({ botId: ids.m2bot })).toBe('botId');
    expect(await path({ botId: ids.draftBot })).toBe('botId');
    expect(await path({ botId: 999_999 })).toBe('botId');
    expect(await path({ lineId: ids.m2line })).toBe('lineId');
    // operator01 has 5 seats; the merchant's own line is not assigned to it, demo-line-1 is.
    expect((await t.op1.post('/api/tasks', form({ robots: 6, lineId: ids.opLine }))).status).toBe(400);
    expect((await t.op1.post('/api/tasks', form({ lineId: ids.line }))).status).toBe(400);
    // An ancestor's published bot (the merchant's) is usable by its subordinate.
    expect((await t.op1.post('/api/tasks', form({ name: '坐席任务', lineId: ids.opLine }))).status).toBe(200);
    expect(await t.p.db.knex('tasks').where({ account_id: t.ids.m2 })).toEqual([]);
  });

  it('makes one task of a repeated create with the same requestId', async () => {
    const body = form({ name: '幂等任务', requestId: 'req-12345678' });
    const [a, b] = await Promise.all([
      t.m1.post<TaskDto>('/api/tasks', body),
      t.m1.post<TaskDto>('/api/tasks', body),
    ]);
    expect(a.body.data!.id).toBe(b.body.data!.id);
    const again = await t.m1.post<TaskDto>('/api/tasks', body);
    expect(again.body.data!.id).toBe(a.body.data!.id);
    expect(await t.p.db.knex('tasks').where({ name: '幂等任务' }).count({ n: '*' })).toEqual([{ n: '1' }]);
  });

  it('edits, copies and deletes with the typed confirmation', async () => {
    const task = await create(t.m1, { name: '待编辑' });
    const edited = await t.m1.put<TaskDto>(
      `/api/tasks/${task.id}`,
      form({ name: '已编辑', robots: 5, weekdays: [6, 7], kind: 'multi' }),
    );
    expect(edited.body.data).toMatchObject({ name: '已编辑', robots: 5, weekdays: [6, 7], kind: 'single' });
    expect((await t.m1.put(`/api/tasks/${task.id}`, form({ robots: 99 }))).status).toBe(400);
    const copy = (await t.m1.post<TaskDto>(`/api/tasks/${task.id}/copy`, {})).body.data!;
    expect(copy).toMatchObject({ name: '已编辑-copy', robots: 5, status: 1, startDate: '2026-11-23' });
    expect(copy.id).not.toBe(task.id);
    const named = (await t.m1.post<TaskDto>(`/api/tasks/${task.id}/copy`, { name: '副本二' })).body.data!;
    expect(named.name).toBe('副本二');
    expect((await del(t.m1, `/api/tasks/${copy.id}`)).status).toBe(400);
    expect((await del(t.m1, `/api/tasks/${copy.id}`, { confirm: 'remove' })).status).toBe(400);
    expect((await del(t.m1, `/api/tasks/${copy.id}`, { confirm: 'delete' })).body.code).toBe(200);
    expect((await t.m1.get(`/api/tasks/${copy.id}`)).status).toBe(404);
    // A queued task must be paused first.
    await oneNumber(t.m1, named.id);
    await t.m1.post(`/api/tasks/${named.id}/start`);
    expect((await del(t.m1, `/api/tasks/${named.id}`, { confirm: 'delete' })).status).toBe(409);
  });
});

describe('transitions', () => {
  it('starts (queued), pauses, starts again and stops, logging each step with who and why', async () => {
    const task = await create(t.m1, { name: '状态任务' });
    await oneNumber(t.m1, task.id);
    expect((await t.m1.post(`/api/tasks/${task.id}/pause`)).status).toBe(409);
    expect((await t.m1.post<TaskDto>(`/api/tasks/${task.id}/start`)).body.data).toMatchObject({
      status: 4,
      runState: 1,
    });
    expect((await t.m1.post(`/api/tasks/${task.id}/start`)).status).toBe(409);
    expect((await t.m1.post<TaskDto>(`/api/tasks/${task.id}/pause`)).body.data).toMatchObject({
      status: 0,
      runState: 0,
    });
    expect((await t.m1.post<TaskDto>(`/api/tasks/${task.id}/start`)).body.data).toMatchObject({ status: 4 });
    expect((await t.m1.post<TaskDto>(`/api/tasks/${task.id}/stop`)).body.data).toMatchObject({
      status: 100,
      runState: 10,
    });
    const r = await t.m1.post(`/api/tasks/${task.id}/start`);
    expect(r.status).toBe(409);
    expect(r.body.data).toEqual({ reason: 'notAllowed' });
    expect((await t.m1.put(`/api/tasks/${task.id}`, form())).status).toBe(409);
    const log = (await t.m1.get<StatusLogDto[]>(`/api/tasks/${task.id}/log`)).body.data!;
    expect(log.map((l) => [l.fromStatus, l.toStatus, l.actor, l.reason])).toEqual([
      [4, 100, 'user', { code: 'taskUserStop', text: '用户停止' }],
      [0, 4, 'user', { code: 'taskUserStart', text: '用户启动' }],
      [4, 0, 'user', { code: 'taskUserPause', text: '用户暂停' }],
      [1, 4, 'user', { code: 'taskUserStart', text: '用户启动' }],
      [null, 1, 'user', { code: 'taskCreated', text: '创建任务' }],
    ]);
    expect(log[0]!.byAccount).toBe('merchant01');
  });

  it('refuses to start when the bot was unpublished since', async () => {
    const bot = await insertBot(t.ids.m1, '临时机器人');
    const task = await create(t.m1, { name: '机器人下线', botId: bot });
    await t.p.db.knex('bots').where({ id: bot }).update({ enabled: false });
    const r = await t.m1.post(`/api/tasks/${task.id}/start`);
    expect([r.status, r.body.data]).toEqual([409, { reason: 'noBot' }]);
    const b = (await bulk(t.m1, 'start', [task.id])).body.data!;
    expect(outcome(b)).toEqual([[task.id, false, 'noBot']]);
  });

  it('bulk start and pause apply where SPEC §4 allows and say why the others were skipped', async () => {
    const a = await create(t.m1, { name: '批量A' });
    await oneNumber(t.m1, a.id);
    const b = await create(t.m1, { name: '批量B' });
    const c = await create(t.m1, { name: '批量C' });
    await t.m1.post(`/api/tasks/${c.id}/stop`);
    // An id out of reach (here: nobody's) refuses the whole batch, as on the batch page: nothing moves.
    const unknown = await bulk(t.m1, 'start', [a.id, c.id, 999_999]);
    expect([unknown.status, unknown.body.code]).toEqual([404, 404]);
    expect((await t.m1.get<TaskDto>(`/api/tasks/${a.id}`)).body.data!.status).toBe(1);
    const started = (await bulk(t.m1, 'start', [a.id, c.id])).body.data!;
    expect(outcome(started)).toEqual([
      [a.id, true, null],
      [c.id, false, 'notApplicable'],
    ]);
    expect(started).toMatchObject({ done: 1, refused: 1 });
    const paused = (await bulk(t.m1, 'pause', [b.id, a.id])).body.data!;
    expect(outcome(paused)).toEqual([
      [a.id, true, null],
      [b.id, false, 'notApplicable'],
    ]);
    expect(paused.items.map((i) => i.name)).toEqual(['批量A', '批量B']);
    expect((await t.m1.get<TaskDto>(`/api/tasks/${a.id}`)).body.data!.status).toBe(0);
    // The status log says it was the AI-task page's bulk action.
    const log = (await t.m1.get<StatusLogDto[]>(`/api/tasks/${a.id}/log`)).body.data!;
    expect(log.slice(0, 2).map((l) => l.reason)).toEqual([
      { code: 'taskBulkPause', text: '批量暂停' },
      { code: 'taskBulkStart', text: '批量启动' },
    ]);
    // The page has no bulk stop; bad input names its field.
    for (const [action, taskIds, path] of [
      ['stop', [a.id], 'action'],
      ['start', [], 'ids'],
      ['jump', [a.id], 'action'],
    ] as const) {
      const r = await bulk(t.m1, action, [...taskIds]);
      expect(r.status).toBe(400);
      const errors = (r.body.data as unknown as { errors: { path: string }[] }).errors.map((e) => e.path);
      expect(errors).toContain(path);
    }
    expect((await bulk(t.m1, 'start', [a.id], 'elsewhere')).status).toBe(400);
  });

  it("bulk start/pause is open to a holder of the task's kind without 批量任务, and to nobody else", async () => {
    // operator01 holds single tasks, not 批量任务: its own task moves through the AI-task page's bulk.
    const task = await create(t.op1, { name: '坐席批量', lineId: ids.opLine });
    const r = await bulk(t.op1, 'start', [task.id]);
    expect(r.status).toBe(200);
    expect(outcome(r.body.data!)).toEqual([[task.id, false, 'noNumbers']]);
    // …but not as the batch page, and m2user01 holds no task menu at all.
    expect((await bulk(t.op1, 'start', [task.id], 'batch')).status).toBe(403);
    expect((await bulk(u2, 'start', [task.id])).status).toBe(403);
    // A task of a kind it does not hold: 403 for the whole batch.
    const multi = await create(t.m1, { name: '多任务', kind: 'multi' });
    await t.p.db.knex('tasks').where({ id: multi.id }).update({ account_id: t.ids.op1 });
    expect((await bulk(t.op1, 'pause', [task.id, multi.id])).status).toBe(403);
  });
});

describe('numbers', () => {
  it('adds a pasted list: invalid, duplicate, blacklisted and already present numbers are counted', async () => {
    const task = await create(t.m1, { name: '号码任务' });
    await t.p.db.knex('blacklist_numbers').insert([
      { account_id: null, phone: '13700000001', phone_hash: phoneHash(t.p.config.secretKey, '13700000001') },
      {
        account_id: t.ids.m1,
        phone: '13700000002',
        phone_hash: phoneHash(t.p.config.secretKey, '13700000002'),
      },
    ]);
    const text = [
      '13800000001',
      '13800000002',
      '12345',
      '13800000001',
      '021-12345678',
      '13700000001',
      '13700000002',
      '11100000000',
      '',
    ].join('\n');
    const r = (await paste(t.m1, task.id, text)).body.data!;
    expect(r).toEqual({
      added: 3,
      skipped: { invalid: 2, duplicate: 1, blacklisted: 2, exists: 0 },
      invalidSamples: ['12345', '11100000000'],
      counts: { pending: 3, claimed: 0, done: 0, skipped: 0, total: 3 },
    });
    const again = (await paste(t.m1, task.id, '13800000001\r\n13800000003')).body.data!;
    expect(again).toMatchObject({
      added: 1,
      skipped: { invalid: 0, duplicate: 0, blacklisted: 0, exists: 1 },
    });
    // A subordinate's task honours its merchant's blacklist too.
    const opTask = await create(t.op1, { name: '坐席号码', lineId: ids.opLine });
    expect((await paste(t.op1, opTask.id, '13700000002')).body.data!.skipped.blacklisted).toBe(1);

    // Keyset pages, newest first; removal; counts.
    const p1 = (await t.m1.get<TaskNumbersReply>(`/api/tasks/${task.id}/numbers?limit=2`)).body.data!;
    expect(p1.items.map((n) => n.phone)).toEqual(['13800000003', '02112345678']);
    expect(p1.counts.total).toBe(4);
    const p2 = (await t.m1.get<TaskNumbersReply>(`/api/tasks/${task.id}/numbers?limit=2&after=${p1.next}`))
      .body.data!;
    expect(p2.items.map((n) => n.phone)).toEqual(['13800000002', '13800000001']);
    expect(p2.next).toBeNull();
    const removed = await t.m1.post<{ removed: number }>(`/api/tasks/${task.id}/numbers/remove`, {
      ids: [p2.items[0]!.id],
    });
    expect(removed.body.data!.removed).toBe(1);
    expect(
      (await t.m1.get<TaskNumbersReply>(`/api/tasks/${task.id}/numbers?state=0`)).body.data!.items,
    ).toHaveLength(3);
  });

  it('adds selected or filtered customers (hidden numbers stay hidden) and uploaded txt files', async () => {
    const task = await create(t.m1, { name: '客户任务' });
    const cs = await insertCustomers(t.p, t.ids.m1, 3, (i) => ({ name: `筛选${i}` }), 50_000);
    const hidden = await insertCustomer(t.p, t.ids.m1, {
      phone: '139****0001',
      phone_cipher: 'sealed',
      phone_hash: phoneHash(t.p.config.secretKey, '13900000001'),
    });
    const r1 = (
      await t.m1.post<AddNumbersReply>(`/api/tasks/${task.id}/numbers`, {
        source: 'customers',
        customerIds: [cs[0], hidden],
      })
    ).body.data!;
    expect(r1.added).toBe(2);
    const r2 = (
      await t.m1.post<AddNumbersReply>(`/api/tasks/${task.id}/numbers`, {
        source: 'customers',
        filter: { name: '筛选' },
      })
    ).body.data!;
    expect(r2).toMatchObject({ added: 2, skipped: { exists: 1 } });
    const list = (await t.m1.get<TaskNumbersReply>(`/api/tasks/${task.id}/numbers`)).body.data!;
    const h = list.items.find((n) => n.customerId === hidden)!;
    expect(h).toMatchObject({ phone: '139****0001', hidden: true });
    expect((await t.p.db.knex('task_numbers').where({ customer_id: hidden }).first()).phone).toBeNull();

    const form = new FormData();
    form.append('file', new Blob(['\uFEFF13600000001\n13600000002,张三\nabc\n']), 'numbers.txt');
    const up = await fetch(`${t.p.url}/api/tasks/${task.id}/numbers/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.m1.token}`, cookie: `Auth=${t.m1.cookie}` },
      body: form,
    });
    const upBody = (await up.json()) as { data: AddNumbersReply };
    expect(upBody.data).toMatchObject({ added: 2, skipped: { invalid: 1 } });
    const bad = new FormData();
    bad.append('file', new Blob(['x']), 'numbers.exe');
    const badUp = await fetch(`${t.p.url}/api/tasks/${task.id}/numbers/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.m1.token}`, cookie: `Auth=${t.m1.cookie}` },
      body: bad,
    });
    expect(badUp.status).toBe(400);
  });
});

describe('lists, menus and tenant isolation', () => {
  it('lists own or the whole subtree, with filters; the overview shows running tasks', async () => {
    const mine = await create(t.m1, { name: '列表任务甲' });
    const theirs = await create(t.op1, { name: '列表任务乙', lineId: ids.opLine });
    const list = async (c: ApiClient, q: string) =>
      (await c.get<TaskListReply>(`/api/tasks?kind=single&${q}`)).body.data!.items.map((x) => x.id);
    expect(await list(t.m1, 'name=列表任务')).toEqual([mine.id]);
    expect(await list(t.m1, 'scope=all&name=列表任务')).toEqual([theirs.id, mine.id]);
    expect(await list(t.op1, 'scope=all&name=列表任务')).toEqual([theirs.id]);
    expect(await list(t.m2, 'scope=all')).toEqual([]);
    await oneNumber(t.m1, mine.id);
    await oneNumber(t.op1, theirs.id);
    await t.m1.post(`/api/tasks/${mine.id}/start`);
    expect(await list(t.m1, 'scope=all&name=列表任务&status=4')).toEqual([mine.id]);
    expect(await list(t.m1, `scope=all&name=列表任务&botId=${ids.bot}`)).toEqual([theirs.id, mine.id]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await list(t.m1, `name=列表任务&dateFrom=${today}&dateTo=${today}`)).toEqual([mine.id]);
    expect(await list(t.m1, 'name=列表任务&dateTo=2000-01-01')).toEqual([]);
    expect((await t.m1.get('/api/tasks?kind=single&status=3')).status).toBe(400);
    expect((await t.m1.get('/api/tasks')).status).toBe(400);
    const overview = (await t.m1.get<OverviewRow[]>('/api/tasks/overview')).body.data!;
    expect(overview.map((o) => o.id)).toContain(mine.id);
    expect(overview.map((o) => o.id)).not.toContain(theirs.id);
    expect((await t.m2.get<OverviewRow[]>('/api/tasks/overview')).body.data).toEqual([]);
    // A merchant acts on its subordinate's task.
    expect((await t.m1.post<TaskDto>(`/api/tasks/${theirs.id}/start`)).body.data!.status).toBe(4);
  });

  it('refuses without the menu (403)', async () => {
    // m2user01 holds only customer-center menus; operator01 has single tasks but not multi tasks.
    expect((await u2.get('/api/tasks?kind=single')).status).toBe(403);
    expect((await u2.post('/api/tasks', form())).status).toBe(403);
    expect((await u2.get('/api/tasks/overview')).status).toBe(403);
    expect((await t.op1.get('/api/tasks?kind=multi')).status).toBe(403);
    expect((await t.op1.post('/api/tasks', form({ kind: 'multi', lineId: ids.opLine }))).status).toBe(403);
    expect((await t.op1.get('/api/tasks/options?kind=multi')).status).toBe(403);
    const multi = await create(t.m1, { name: '多任务', kind: 'multi' });
    expect((await t.op1.get(`/api/tasks/${multi.id}`)).status).toBe(404);
    const opts = (
      await t.m1.get<{ bots: { id: number }[]; lines: { id: number }[]; aiSeats: number }>(
        '/api/tasks/options?kind=multi',
      )
    ).body.data!;
    expect(opts.aiSeats).toBe(20);
    expect(opts.bots.map((b) => b.id)).toContain(ids.bot);
    expect(opts.bots.map((b) => b.id)).not.toContain(ids.draftBot);
    expect(opts.lines.map((l) => l.id)).toContain(ids.line);
    expect(opts.lines.map((l) => l.id)).not.toContain(ids.m2line);
  });

  it("answers 404 for another tree's task on every route and refuses its customers", async () => {
    const task = await create(t.m1, { name: '隔离任务' });
    await paste(t.m1, task.id, '13500000001');
    const n = (await t.m1.get<TaskNumbersReply>(`/api/tasks/${task.id}/numbers`)).body.data!.items[0]!;
    const base = `/api/tasks/${task.id}`;
    const attempts = [
      t.m2.get(base),
      t.m2.put(base, form({ botId: ids.m2bot, lineId: ids.m2line })),
      t.m2.post(`${base}/copy`),
      del(t.m2, base, { confirm: 'delete' }),
      t.m2.post(`${base}/start`),
      t.m2.post(`${base}/pause`),
      t.m2.post(`${base}/stop`),
      t.m2.get(`${base}/log`),
      t.m2.get(`${base}/numbers`),
      paste(t.m2, task.id, '13500000002'),
      t.m2.post(`${base}/numbers/remove`, { ids: [n.id] }),
    ];
    for (const r of await Promise.all(attempts)) expect(r.status).toBe(404);
    const foreignBulk = await bulk(t.m2, 'start', [task.id]);
    expect([foreignBulk.status, foreignBulk.body.code]).toEqual([404, 404]);
    const after = (await t.m1.get<TaskDto>(base)).body.data!;
    expect(after).toMatchObject({ name: '隔离任务', status: 1, counts: { total: 1 } });
    // m1 cannot use m2's customers, bot or line.
    const foreign = await insertCustomer(t.p, t.ids.m2user);
    const r = await t.m1.post(`${base}/numbers`, { source: 'customers', customerIds: [foreign] });
    expect(r.status).toBe(404);
    expect(
      (await t.m1.post(`${base}/numbers`, { source: 'customers', filter: { ownerId: t.ids.m2user } })).status,
    ).toBe(404);
    expect((await t.m1.put(base, form({ botId: ids.m2bot }))).status).toBe(400);
    expect((await t.m1.put(base, form({ lineId: ids.m2line }))).status).toBe(400);
    expect((await t.m1.post(`${base}/numbers`, { source: 'nope' })).status).toBe(400);
    expect((await t.m1.get('/api/tasks/abc')).status).toBe(400);
  });
});
