// Call record batch actions over the API: move to the customer center, allocation to subordinates
// (SPEC §4 modes), repeat dial into a task (duplicates skipped), the typed filtered delete and the
// export behind the export password; another tree's ids, targets and tasks are not found (404).
import type { MoveReply, RepeatDialReply } from '../../../../domain/callRecords';
import { phoneHash } from '../../../../platform/secrets';
import { Code } from '../../../../domain/api';
import { insertCustomer, startTree, type Tree } from '../../../../test/fixtures';
import { del, insertCall, insertTask, insertTaskNumber, rawGet } from './testHelpers';
import type { CallExportDto } from './export';
import { until } from '../../../../test/until';

let t: Tree;
let taskId: number;
beforeAll(async () => {
  t = await startTree();
  taskId = await insertTask(t.p, t.ids.m1, '原任务');
}, 60_000);
afterAll(() => t.p.close());

const knex = () => t.p.db.knex;
const hash = (phone: string) => phoneHash(t.p.config.secretKey, phone);

/** A record of m1's task dialed from a clear number. */
async function taskCall(phone: string, over: Record<string, unknown> = {}) {
  const tn = await insertTaskNumber(t.p, taskId, t.ids.m1, phone, `客户${phone.slice(-4)}`);
  return insertCall(t.p, { accountId: t.ids.m1, phone, task_id: taskId, task_number_id: tn, ...over });
}

describe('POST /api/callrecords/move', () => {
  it('creates a customer from a record, or updates the one with that number', async () => {
    const fresh = await taskCall('13600000001', { grade: 21 });
    const existingId = await insertCustomer(t.p, t.ids.op1, { phone: '13600000002', stage: 100 });
    const known = await taskCall('13600000002', { result_level: 68 });
    const r = await t.m1.post<MoveReply>('/api/callrecords/move', { ids: [fresh.id, known.id, known.id] });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ created: 1, updated: 1, skipped: 0 });
    const made = await knex()('customers').where({ phone_hash: hash('13600000001') });
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ account_id: String(t.ids.m1), name: '客户0001', grade: 21, stage: 200 });
    const updated = await knex()('customers').where({ id: existingId }).first();
    expect(updated).toMatchObject({ grade: 68, stage: 200, account_id: String(t.ids.op1) });
    expect(updated.last_called_at).not.toBeNull();
    const linked = await knex()('calls')
      .whereIn('id', [fresh.id, known.id])
      .orderBy('id')
      .pluck('customer_id');
    expect(linked.map(Number)).toEqual([Number(made[0].id), existingId]);
    // Moving again changes nothing new.
    expect((await t.m1.post<MoveReply>('/api/callrecords/move', { ids: [fresh.id] })).body.data).toEqual({
      created: 0,
      updated: 1,
      skipped: 0,
    });
  });

  it('skips a number never seen clear', async () => {
    const hidden = await insertCall(t.p, { accountId: t.ids.m1, phone: '13600000003' });
    expect((await t.m1.post<MoveReply>('/api/callrecords/move', { ids: [hidden.id] })).body.data).toEqual({
      created: 0,
      updated: 0,
      skipped: 1,
    });
  });

  it("refuses another tree's ids (404) and bad bodies (400)", async () => {
    const other = await insertCall(t.p, { accountId: t.ids.m2 });
    const own = await taskCall('13600000004');
    expect((await t.m1.post('/api/callrecords/move', { ids: [own.id, other.id] })).status).toBe(404);
    expect((await t.m2.post('/api/callrecords/move', { ids: [own.id] })).status).toBe(404);
    expect((await t.m1.post('/api/callrecords/move', {})).status).toBe(400);
    expect((await t.m1.post('/api/callrecords/move', { ids: [] })).status).toBe(400);
    expect((await t.m1.post('/api/callrecords/move', { ids: ['x'] })).status).toBe(400);
    expect((await t.m1.post('/api/callrecords/move', { ids: [own.id], filter: {} })).status).toBe(400);
    expect((await t.m1.post('/api/callrecords/move', { filter: { levels: [5] } })).status).toBe(400);
    expect(await knex()('customers').where({ phone_hash: hash('13600000004') })).toEqual([]);
  });
});

describe('POST /api/callrecords/allocate', () => {
  it('hands records to a subordinate by quantity, evenly, or back to oneself', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await insertCall(t.p, { accountId: t.ids.m1, llm_grade: 'ALLOC' })).id);
    const owners = async () =>
      (await knex()('calls').whereIn('id', ids).orderBy('id').pluck('account_id')).map(Number);
    const by2 = await t.m1.post('/api/callrecords/allocate', {
      ids,
      mode: 2,
      targets: [t.ids.op1],
      quantities: [2],
    });
    expect(by2.status).toBe(200);
    expect(by2.body.data).toEqual({ allocated: [{ accountId: t.ids.op1, count: 2 }] });
    expect(await owners()).toEqual([t.ids.op1, t.ids.op1, t.ids.m1, t.ids.m1, t.ids.m1]);
    const even = await t.m1.post('/api/callrecords/allocate', {
      filter: { llmGrade: 'ALLOC' },
      mode: 1,
      targets: [t.ids.op1],
    });
    expect(even.body.data).toEqual({ allocated: [{ accountId: t.ids.op1, count: 5 }] });
    expect(await owners()).toEqual(Array(5).fill(t.ids.op1));
    await t.m1.post('/api/callrecords/allocate', { ids, mode: 0 });
    expect(await owners()).toEqual(Array(5).fill(t.ids.m1));
  });

  it('refuses quantities beyond the selection, other trees and bad modes', async () => {
    const own = await insertCall(t.p, { accountId: t.ids.m1 });
    const other = await insertCall(t.p, { accountId: t.ids.m2 });
    const post = (b: Record<string, unknown>) => t.m1.post('/api/callrecords/allocate', b);
    expect((await post({ ids: [own.id], mode: 2, targets: [t.ids.op1], quantities: [2] })).status).toBe(400);
    expect((await post({ ids: [own.id], mode: 1, targets: [t.ids.m2] })).status).toBe(404);
    expect((await post({ ids: [own.id], mode: 1, targets: [t.ids.m1] })).status).toBe(404);
    expect((await post({ ids: [other.id], mode: 0 })).status).toBe(404);
    expect((await post({ ids: [own.id], mode: 3 })).status).toBe(400);
    expect((await post({ ids: [own.id], mode: 1 })).status).toBe(400);
    expect((await post({ ids: [own.id], mode: 1, targets: [t.ids.op1, t.ids.op1] })).status).toBe(400);
    expect(Number((await knex()('calls').where({ id: other.id }).first('account_id')).account_id)).toBe(
      t.ids.m2,
    );
  });
});

describe('POST /api/callrecords/repeat-dial', () => {
  it('puts the numbers into a task, skipping duplicates, numbers already there and unknown numbers', async () => {
    const target = await insertTask(t.p, t.ids.op1, '重呼任务');
    const a1 = await taskCall('13500000001', { llm_grade: 'REDIAL' });
    const tn = (await knex()('calls').where({ id: a1.id }).first('task_number_id')).task_number_id;
    const a2 = await insertCall(t.p, {
      accountId: t.ids.m1,
      phone: '13500000001', // the same number again (a redial)
      task_id: taskId,
      task_number_id: tn,
      llm_grade: 'REDIAL',
    });
    const b = await taskCall('13500000002', { llm_grade: 'REDIAL' });
    const unknown = await insertCall(t.p, { accountId: t.ids.m1, llm_grade: 'REDIAL' });
    const r = await t.m1.post<RepeatDialReply>('/api/callrecords/repeat-dial', {
      filter: { llmGrade: 'REDIAL' },
      taskId: target,
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      added: 2,
      skipped: { duplicate: 1, exists: 0, blacklisted: 0, noNumber: 1 },
    });
    const rows = await knex()('task_numbers').where({ task_id: target }).orderBy('phone');
    expect(rows.map((n) => [n.phone, n.state, Number(n.account_id)])).toEqual([
      ['13500000001', 0, t.ids.op1],
      ['13500000002', 0, t.ids.op1],
    ]);
    const again = await t.m1.post<RepeatDialReply>('/api/callrecords/repeat-dial', {
      ids: [a1.id, a2.id, b.id, unknown.id],
      taskId: target,
    });
    expect(again.body.data).toEqual({
      added: 0,
      skipped: { duplicate: 1, exists: 2, blacklisted: 0, noNumber: 1 },
    });
  });

  it("refuses another tree's task or records (404), a terminated task (409) and bad bodies (400)", async () => {
    const own = await taskCall('13500000009');
    const otherTask = await insertTask(t.p, t.ids.m2, '别人的任务');
    const otherCall = await insertCall(t.p, { accountId: t.ids.m2 });
    const post = (b: Record<string, unknown>) => t.m1.post('/api/callrecords/repeat-dial', b);
    expect((await post({ ids: [own.id], taskId: otherTask })).status).toBe(404);
    expect((await post({ ids: [otherCall.id], taskId })).status).toBe(404);
    expect((await t.m2.post('/api/callrecords/repeat-dial', { ids: [otherCall.id], taskId })).status).toBe(
      404,
    );
    const done = await insertTask(t.p, t.ids.m1, '已终止');
    await knex()('tasks').where({ id: done }).update({ status: 100 });
    expect((await post({ ids: [own.id], taskId: done })).status).toBe(409);
    expect((await post({ ids: [own.id] })).status).toBe(400);
    expect((await post({ ids: [own.id], taskId: 'x' })).status).toBe(400);
    expect(await knex()('task_numbers').where({ task_id: otherTask })).toEqual([]);
  });
});

describe('DELETE /api/callrecords', () => {
  it('needs the typed word, and deletes the filtered records with their lines', async () => {
    const gone1 = await insertCall(t.p, { accountId: t.ids.op1, llm_grade: 'DEL' });
    const gone2 = await insertCall(t.p, { accountId: t.ids.m1, llm_grade: 'DEL' });
    const live = await insertCall(t.p, { accountId: t.ids.m1, llm_grade: 'DEL', status: 'answered' });
    const kept = await insertCall(t.p, { accountId: t.ids.m1, llm_grade: 'KEEP' });
    const otherTree = await insertCall(t.p, { accountId: t.ids.m2, llm_grade: 'DEL' });
    await knex()('conversation_lines').insert({
      call_id: gone1.id,
      seq: 1,
      khtype: 'robot',
      khcontent: '您好',
    });
    const body = { filter: { llmGrade: 'DEL' } };
    expect((await del(t.m1, '/api/callrecords', body)).status).toBe(400);
    expect((await del(t.m1, '/api/callrecords', { ...body, confirm: 'yes' })).status).toBe(400);
    const r = await del(t.m1, '/api/callrecords', { ...body, confirm: 'delete' });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ deleted: 2 });
    const left = await knex()('calls')
      .whereIn('id', [gone1.id, gone2.id, live.id, kept.id, otherTree.id])
      .pluck('id');
    expect(left.map(Number).sort()).toEqual([live.id, kept.id, otherTree.id].sort());
    expect(await knex()('conversation_lines').where({ call_id: gone1.id })).toEqual([]);
  });

  it("refuses another tree's ids (404)", async () => {
    const own = await insertCall(t.p, { accountId: t.ids.m1 });
    const other = await insertCall(t.p, { accountId: t.ids.m2 });
    expect((await del(t.m1, '/api/callrecords', { ids: [own.id, other.id], confirm: 'delete' })).status).toBe(
      404,
    );
    expect((await del(t.m2, '/api/callrecords', { ids: [own.id], confirm: 'delete' })).status).toBe(404);
    expect(await knex()('calls').whereIn('id', [own.id, other.id]).count({ n: '*' })).toEqual([{ n: '2' }]);
    const ok = await del(t.m1, '/api/callrecords', { ids: [own.id], confirm: 'delete' });
    expect(ok.body.data).toEqual({ deleted: 1 });
  });
});

describe('POST /api/callrecords/exports', () => {
  it('needs the export password, then writes the selected records to a file', async () => {
    await insertCall(t.p, { accountId: t.ids.m1, phone: '13400000001', llm_grade: 'EXP', result_level: 63 });
    await insertCall(t.p, { accountId: t.ids.op1, phone: '13400000002', llm_grade: 'EXP', grade: 22 });
    const start = (b: Record<string, unknown>) => t.m1.post<CallExportDto>('/api/callrecords/exports', b);
    const wrong = await start({ format: 'csv', filter: { llmGrade: 'EXP' }, password: 'nope-nope' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe(Code.WrongPassword);
    expect((await start({ format: 'csv', filter: { llmGrade: 'EXP' } })).status).toBe(400);
    expect((await start({ format: 'pdf', filter: { llmGrade: 'EXP' }, password: 'demo1234' })).status).toBe(
      400,
    );
    const none = await start({ format: 'csv', filter: { llmGrade: 'NONE' }, password: 'demo1234' });
    expect(none.status).toBe(400);
    const r = await start({ format: 'csv', filter: { llmGrade: 'EXP' }, password: 'demo1234' });
    expect(r.status).toBe(200);
    const id = r.body.data!.exportJobId;
    const job = await until(async () => {
      const j = (await t.m1.get<CallExportDto>(`/api/callrecords/exports/${id}`)).body.data!;
      return j.status === 'done' || j.status === 'failed' ? j : undefined;
    }, 30_000);
    expect(job).toMatchObject({ status: 'done', rows: 2, kind: 'calls' });
    const file = await rawGet(t.m1, job.downloadUrl!);
    expect(file.status).toBe(200);
    const text = file.bytes.toString('utf8');
    expect(text).toContain('134****0001');
    expect(text).toContain('空号');
    expect(text).toContain('134****0002');
    expect(text.trim().split('\r\n')).toHaveLength(3);
    // Only the owner reaches the export.
    expect((await t.m2.get(`/api/callrecords/exports/${id}`)).status).toBe(404);
    expect((await rawGet(t.m2, `/api/callrecords/exports/${id}/file`)).status).toBe(404);
  });

  it("refuses another tree's ids (404)", async () => {
    const other = await insertCall(t.p, { accountId: t.ids.m2 });
    const r = await t.m1.post('/api/callrecords/exports', {
      format: 'csv',
      ids: [other.id],
      password: 'demo1234',
    });
    expect(r.status).toBe(404);
  });
});
