// The batch task page's API over real HTTP (/api/tasks/batch, issue 23): the list of every kind held,
// start/pause/stop with a mix of movable and unmovable tasks, call periods, a number file added to
// several tasks; ids of another tree, a kind not held, the missing menu, bad input, the cap and
// duplicate submits.
import type { AccountDto, RoleDto } from '../../../../domain/api';
import type { StatusLogDto, TaskDto, TaskListReply } from '../../../../domain/tasks';
import type { TaskBatchImportReply, TaskBatchReply } from '../../../../domain/taskBatch';
import { accountForm, loggedIn, startTree, type Tree } from '../../../../test/fixtures';
import type { ApiClient } from '../../../../test/apiClient';

let t: Tree;
let u2: ApiClient;
const ids = { bot: 0, line: 0, opLine: 0 };
let seq = 0;
const rid = () => `batch-test-${++seq}-${Date.now()}`;

beforeAll(async () => {
  t = await startTree();
  u2 = await loggedIn(t.p, 'm2user01', 'secret12');
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
}, 60_000);
afterAll(() => t.p.close());

const form = (over: Record<string, unknown> = {}) => ({
  name: '批量任务',
  kind: 'single',
  botId: ids.bot,
  robots: 1,
  startDate: '2026-11-23',
  callPeriods: ['09:00-12:00'],
  noCallPeriods: [],
  weekdays: [1, 2, 3, 4, 5],
  lineId: ids.line,
  ...over,
});
const create = async (c: ApiClient, over: Record<string, unknown> = {}) => {
  const r = await c.post<TaskDto>('/api/tasks', form(over));
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  return r.body.data!;
};
const withNumber = async (c: ApiClient, task: TaskDto) => {
  await c.post(`/api/tasks/${task.id}/numbers`, { source: 'text', text: '13900009999' });
  return task;
};
const read = async (id: number) => (await t.m1.get<TaskDto>(`/api/tasks/${id}`)).body.data!;
const logOf = async (id: number) => (await t.m1.get<StatusLogDto[]>(`/api/tasks/${id}/log`)).body.data!;
const move = (c: ApiClient, body: Record<string, unknown>) =>
  c.post<TaskBatchReply>('/api/tasks/batch/move', { requestId: rid(), ...body });
const periods = (c: ApiClient, body: Record<string, unknown>) =>
  c.put<TaskBatchReply>('/api/tasks/batch/periods', { requestId: rid(), noCallPeriods: [], ...body });

async function upload(
  c: ApiClient,
  fields: Record<string, string>,
  file = '13600000001\n13600000002,张三\nabc\n',
  name = 'n.txt',
) {
  const f = new FormData();
  f.append('file', new Blob([file]), name);
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  const res = await fetch(`${t.p.url}/api/tasks/batch/numbers`, {
    method: 'POST',
    headers: { authorization: `Bearer ${c.token}`, cookie: `Auth=${c.cookie}` },
    body: f,
  });
  return { status: res.status, body: (await res.json()) as { code: number; data: TaskBatchImportReply } };
}

describe('list', () => {
  it('lists every kind the caller holds, with the list filters; another tree sees none', async () => {
    const single = await create(t.m1, { name: '列批甲' });
    const multi = await create(t.m1, { name: '列批乙', kind: 'multi' });
    const sub = await create(t.op1, { name: '列批丙', lineId: ids.opLine });
    const list = async (c: ApiClient, q: string) =>
      (await c.get<TaskListReply>(`/api/tasks/batch?${q}`)).body.data!.items.map((x) => x.id);
    expect(await list(t.m1, 'name=列批')).toEqual([multi.id, single.id]);
    expect(await list(t.m1, 'scope=all&name=列批')).toEqual([sub.id, multi.id, single.id]);
    expect(await list(t.m1, 'kind=multi&name=列批')).toEqual([multi.id]);
    expect(await list(t.m2, 'scope=all&name=列批')).toEqual([]);
    expect((await t.m1.get('/api/tasks/batch?status=3')).status).toBe(400);
    expect((await t.m1.get<TaskListReply>('/api/tasks/batch?name=列批&pageSize=1')).body.data!.total).toBe(2);
  });
});

describe('start, pause, stop', () => {
  it('moves the tasks that may move and says why each of the others did not', async () => {
    const a = await withNumber(t.m1, await create(t.m1, { name: '混合甲' }));
    const noNumbers = await create(t.m1, { name: '混合乙' });
    const ended = await withNumber(t.m1, await create(t.m1, { name: '混合丙', kind: 'multi' }));
    await t.m1.post(`/api/tasks/${ended.id}/stop`);
    const started = await move(t.m1, { action: 'start', ids: [a.id, noNumbers.id, ended.id] });
    expect(started.status).toBe(200);
    expect(started.body.data).toEqual({
      items: [
        { id: a.id, name: '混合甲', done: true, status: 4 },
        { id: noNumbers.id, name: '混合乙', done: false, reason: 'noNumbers', status: 1 },
        { id: ended.id, name: '混合丙', done: false, reason: 'notApplicable', status: 100 },
      ],
      done: 1,
      refused: 2,
    });
    // The same log row as one by one: who, and the batch as the reason.
    expect((await logOf(a.id))[0]).toMatchObject({
      fromStatus: 1,
      toStatus: 4,
      actor: 'user',
      byAccountId: t.ids.m1,
      reason: { code: 'taskBatchStart', text: '在批量任务页启动' },
    });
    const paused = (await move(t.m1, { action: 'pause', ids: [a.id, noNumbers.id] })).body.data!;
    expect(paused.items.map((i) => [i.id, i.done, i.reason, i.status])).toEqual([
      [a.id, true, undefined, 0],
      [noNumbers.id, false, 'notApplicable', 1],
    ]);
    const stopped = (await move(t.m1, { action: 'stop', ids: [a.id, noNumbers.id, ended.id] })).body.data!;
    expect(stopped.items.map((i) => [i.done, i.reason ?? null, i.status])).toEqual([
      [true, null, 100],
      [true, null, 100],
      [false, 'notApplicable', 100],
    ]);
  });

  it('acts on every task the filter matches when asked to', async () => {
    const x = await withNumber(t.m1, await create(t.m1, { name: '筛选批甲' }));
    const y = await withNumber(t.m1, await create(t.m1, { name: '筛选批乙', kind: 'multi' }));
    const other = await withNumber(t.m1, await create(t.m1, { name: '别的任务' }));
    const r = (await move(t.m1, { action: 'start', filter: { scope: 'own', name: '筛选批' } })).body.data!;
    expect(r.items.map((i) => i.id)).toEqual([x.id, y.id]);
    expect(r.done).toBe(2);
    expect((await read(other.id)).status).toBe(1);
    expect((await move(t.m1, { action: 'start', filter: { name: '没有这样的任务' } })).status).toBe(400);
  });

  it('is idempotent on a duplicate submit, and refuses a request id reused for another batch', async () => {
    const task = await withNumber(t.m1, await create(t.m1, { name: '重复提交' }));
    const requestId = rid();
    const body = { action: 'start', ids: [task.id], requestId };
    const [r1, r2] = await Promise.all([
      t.m1.post('/api/tasks/batch/move', body),
      t.m1.post('/api/tasks/batch/move', body),
    ]);
    expect(r1.body.data).toEqual(r2.body.data);
    expect((r1.body.data as TaskBatchReply).done).toBe(1);
    expect((await logOf(task.id)).filter((l) => l.reason.code === 'taskBatchStart')).toHaveLength(1);
    const again = await t.m1.post<TaskBatchReply>('/api/tasks/batch/move', body);
    expect(again.body.data).toEqual(r1.body.data);
    expect((await t.m1.post('/api/tasks/batch/move', { ...body, action: 'pause' })).status).toBe(409);
    expect((await read(task.id)).status).toBe(4);
  });

  it('refuses the whole batch when one id is not reachable: nothing changes', async () => {
    const mine = await withNumber(t.m1, await create(t.m1, { name: '隔离批量' }));
    // A task of the second tree (a copy of m1's, owned by merchant02).
    const k = t.p.db.knex;
    const { id: _id, ...row } = await k('tasks').where({ id: mine.id }).first();
    const [r0] = await k('tasks')
      .insert({ ...row, account_id: t.ids.m2, name: '二号的任务', request_id: null })
      .returning('id');
    const theirs = Number(r0.id);
    const statusOf = async (id: number) => (await k('tasks').where({ id }).first('status')).status;
    // m2 names m1's task, alone or beside its own: 404 in the SPEC §8 envelope, nothing moves.
    expect((await move(t.m2, { action: 'start', ids: [mine.id] })).status).toBe(404);
    const mixed = await move(t.m2, { action: 'stop', ids: [theirs, mine.id] });
    expect([mixed.status, mixed.body.code]).toEqual([404, 404]);
    expect(await statusOf(theirs)).toBe(1);
    expect((await move(t.m2, { action: 'stop', filter: { name: '隔离批量', scope: 'all' } })).status).toBe(
      400,
    );
    // m1 names its own task and an unknown id: nothing moves.
    expect((await move(t.m1, { action: 'start', ids: [mine.id, 999_999_999] })).status).toBe(404);
    expect((await move(t.m1, { action: 'start', ids: [mine.id, theirs] })).status).toBe(404);
    expect(await statusOf(mine.id)).toBe(1);
    expect((await periods(t.m2, { ids: [theirs, mine.id], callPeriods: ['10:00-11:00'] })).status).toBe(404);
    expect((await read(mine.id)).callPeriods).toEqual(['09:00-12:00']);
    expect((await k('tasks').where({ id: theirs }).first('call_periods')).call_periods).toEqual([
      '09:00-12:00',
    ]);
  });

  it('refuses without the menu (403), and a task whose kind the caller does not hold', async () => {
    const task = await create(t.m1, { name: '权限批量' });
    // operator01 holds single tasks but not 批量任务; m2user01 no task menu at all.
    expect((await t.op1.get('/api/tasks/batch')).status).toBe(403);
    expect((await move(t.op1, { action: 'start', ids: [task.id] })).status).toBe(403);
    expect((await periods(t.op1, { ids: [task.id], callPeriods: ['10:00-11:00'] })).status).toBe(403);
    expect(
      (await upload(t.op1, { target: JSON.stringify({ ids: [task.id] }), requestId: rid() })).status,
    ).toBe(403);
    expect((await move(u2, { action: 'start', ids: [task.id] })).status).toBe(403);
    // The single-task routes stay open to operator01.
    expect((await t.op1.get('/api/tasks?kind=single')).status).toBe(200);
    // An account holding 批量任务 but not single tasks cannot act on a single task of its own.
    const role = (
      await t.m1.post<RoleDto>('/api/roles', { name: '批量专员', menus: ['dialcenter/multtask'] })
    ).body.data!;
    const acc = (
      await t.m1.post<AccountDto>('/api/accounts', accountForm({ account: 'batchop01', roleId: role.id }))
    ).body.data!;
    const batchOnly = await loggedIn(t.p, 'batchop01', 'secret12');
    await t.p.db.knex('tasks').where({ id: task.id }).update({ account_id: acc.id });
    expect((await batchOnly.get<TaskListReply>('/api/tasks/batch')).body.data!.items).toEqual([]);
    expect((await batchOnly.get('/api/tasks/batch?kind=single')).status).toBe(403);
    expect((await move(batchOnly, { action: 'start', ids: [task.id] })).status).toBe(403);
    expect((await move(batchOnly, { action: 'start', filter: { kind: 'single' } })).status).toBe(403);
  });

  it('refuses bad input with the field at fault, and more tasks than the cap', async () => {
    const task = await create(t.m1, { name: '坏输入' });
    const cases: [Record<string, unknown>, string][] = [
      [{ action: 'jump', ids: [task.id] }, 'action'],
      [{ action: 'start', ids: [] }, 'ids'],
      [{ action: 'start', ids: ['x'] }, 'ids.0'],
      [{ action: 'start', ids: [-1] }, 'ids.0'],
      [{ action: 'start' }, 'ids'],
      [{ action: 'start', ids: [task.id], filter: {} }, 'ids'],
      [{ action: 'start', filter: { status: 3 } }, 'filter.status'],
      [{ action: 'start', ids: [task.id], requestId: 'short' }, 'requestId'],
      [{ action: 'start', ids: Array.from({ length: 201 }, (_, i) => i + 1) }, 'ids'],
    ];
    for (const [over, path] of cases) {
      const r = await move(t.m1, over);
      expect([over, r.status]).toEqual([over, 400]);
      const errors = (r.body.data as unknown as { errors: { path: string }[] }).errors.map((e) => e.path);
      expect([over, errors]).toEqual([over, expect.arrayContaining([path])]);
    }
    expect((await t.m1.post('/api/tasks/batch/move', 'not json')).status).toBe(400);
    // "All filtered" over the cap: refused as a whole, with the cap.
    const k = t.p.db.knex;
    const row = await k('tasks').where({ id: task.id }).first();
    const { id: _id, ...copy } = row;
    await k('tasks').insert(
      Array.from({ length: 201 }, (_, i) => ({ ...copy, name: `上限${i}`, request_id: null })),
    );
    const over = await move(t.m1, { action: 'start', filter: { name: '上限' } });
    expect(over.status).toBe(400);
    expect(over.body.data).toMatchObject({ reason: 'tooMany', max: 200 });
    expect(await k('tasks').where('name', 'like', '上限%').whereNot('status', 1).count({ n: '*' })).toEqual([
      { n: '0' },
    ]);
    await k('tasks').where('name', 'like', '上限%').delete();
  });
});

describe('call periods', () => {
  it('sets the periods of every task not terminated; the form rules apply', async () => {
    const a = await create(t.m1, { name: '时段甲' });
    const b = await create(t.m1, { name: '时段乙', kind: 'multi' });
    const c = await create(t.m1, { name: '时段丙' });
    await t.m1.post(`/api/tasks/${c.id}/stop`);
    const r = await periods(t.m1, {
      ids: [a.id, b.id, c.id],
      callPeriods: ['08:00-11:30', '13:00-20:00'],
      noCallPeriods: ['10:00-10:15'],
    });
    expect(r.status).toBe(200);
    expect(r.body.data!.items.map((i) => [i.id, i.done, i.reason ?? null])).toEqual([
      [a.id, true, null],
      [b.id, true, null],
      [c.id, false, 'terminated'],
    ]);
    for (const id of [a.id, b.id])
      expect(await read(id)).toMatchObject({
        callPeriods: ['08:00-11:30', '13:00-20:00'],
        noCallPeriods: ['10:00-10:15'],
      });
    expect((await read(c.id)).callPeriods).toEqual(['09:00-12:00']);

    const bad: [Record<string, unknown>, string][] = [
      [{ callPeriods: [] }, 'callPeriods'],
      [{ callPeriods: ['25:00-26:00'] }, 'callPeriods'],
      [{ callPeriods: ['09:00-12:00', '11:00-13:00'] }, 'callPeriods'],
      [{ callPeriods: 'x' }, 'callPeriods'],
      [{ callPeriods: ['09:00-12:00'], noCallPeriods: ['bad'] }, 'noCallPeriods'],
    ];
    for (const [over, path] of bad) {
      const res = await periods(t.m1, { ids: [a.id], ...over });
      expect([over, res.status]).toEqual([over, 400]);
      const errors = (res.body.data as unknown as { errors: { path: string }[] }).errors.map((e) => e.path);
      expect([over, errors]).toEqual([over, expect.arrayContaining([path])]);
    }
    expect((await read(a.id)).callPeriods).toEqual(['08:00-11:30', '13:00-20:00']);

    // A duplicate submit answers the first reply.
    const body = { ids: [a.id], callPeriods: ['07:00-08:00'], noCallPeriods: [], requestId: rid() };
    const p1 = await t.m1.put('/api/tasks/batch/periods', body);
    const p2 = await t.m1.put('/api/tasks/batch/periods', { ...body, callPeriods: ['06:00-07:00'] });
    expect(p2.body.data).toEqual(p1.body.data);
    expect((await read(a.id)).callPeriods).toEqual(['07:00-08:00']);
  });
});

describe('number import across tasks', () => {
  it('adds one file to each task (classified per task), skips terminated ones, once per request id', async () => {
    const a = await create(t.m1, { name: '导入甲' });
    const b = await create(t.m1, { name: '导入乙', kind: 'multi' });
    const c = await create(t.m1, { name: '导入丙' });
    await t.m1.post(`/api/tasks/${b.id}/numbers`, { source: 'text', text: '13600000001' });
    await t.m1.post(`/api/tasks/${c.id}/stop`);
    const fields = { target: JSON.stringify({ ids: [a.id, b.id, c.id] }), requestId: rid() };
    const r = await upload(t.m1, fields);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ lines: 3, done: 2, refused: 1, invalidSamples: ['abc'] });
    expect(r.body.data.items.map((i) => [i.id, i.done, i.added, i.skipped.exists, i.reason ?? null])).toEqual(
      [
        [a.id, true, 2, 0, null],
        [b.id, true, 1, 1, null],
        [c.id, false, 0, 0, 'terminated'],
      ],
    );
    expect((await read(a.id)).counts.total).toBe(2);
    expect((await read(c.id)).counts.total).toBe(0);
    const again = await upload(t.m1, fields, '13700000001\n');
    expect(again.body.data).toEqual(r.body.data);
    expect((await read(a.id)).counts.total).toBe(2);

    // Another tree's id: nothing is added anywhere.
    const foreign = await upload(t.m2, { target: JSON.stringify({ ids: [a.id] }), requestId: rid() });
    expect(foreign.status).toBe(404);
    const mixed = await upload(
      t.m1,
      { target: JSON.stringify({ ids: [a.id, 999_999_999] }), requestId: rid() },
      '13700000002\n',
    );
    expect(mixed.status).toBe(404);
    expect((await read(a.id)).counts.total).toBe(2);
    // Bad input: file type, missing or bad target, too many tasks.
    const ok = { target: JSON.stringify({ ids: [a.id] }), requestId: rid() };
    expect((await upload(t.m1, ok, 'x', 'n.exe')).status).toBe(400);
    expect((await upload(t.m1, { requestId: rid() })).status).toBe(400);
    expect((await upload(t.m1, { target: '{bad', requestId: rid() })).status).toBe(400);
    expect((await upload(t.m1, { target: JSON.stringify({ ids: [a.id] }) })).status).toBe(400);
    const many = JSON.stringify({ ids: Array.from({ length: 21 }, (_, i) => i + 1) });
    expect((await upload(t.m1, { target: many, requestId: rid() })).status).toBe(400);
    expect((await read(a.id)).counts.total).toBe(2);
  });
});
