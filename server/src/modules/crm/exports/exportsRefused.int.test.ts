// What an export refuses: a wrong export password (40008) and too many of them (rate limit), an empty
// selection (SPEC §8 "no data can be exported"), bad input, and anything of another tenant.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Code } from '../../../../../domain/api';
import { insertCustomers, startTree, type Tree } from '../../../../../test/fixtures';
import { download, exportAndWait, startExport } from './testHelpers';

let t: Tree;
let mine: number[];
let theirs: number[];

beforeAll(async () => {
  process.env.EXPORT_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'exp-ref-'));
  t = await startTree();
  mine = await insertCustomers(t.p, t.ids.m1, 3);
  theirs = await insertCustomers(t.p, t.ids.m2, 2, () => ({}), 100);
});

afterAll(async () => {
  await t.p.close();
  fs.rmSync(process.env.EXPORT_DIR!, { recursive: true, force: true });
});

it('refuses a wrong export password with 40008, then rate limits the checks', async () => {
  const wrong = await startExport(t.op1, { format: 'csv', password: 'nope-nope' });
  expect(wrong.status).toBe(400);
  expect(wrong.body).toMatchObject({ code: Code.WrongPassword, message: '原密码错误' });
  // perAccount (5) failures in the window block further checks, the right password included.
  for (let i = 0; i < 4; i++) await startExport(t.op1, { format: 'csv', password: 'nope-nope' });
  const blocked = await startExport(t.op1, { format: 'csv' });
  expect(blocked.status).toBe(429);
  expect(blocked.body.code).toBe(Code.TooManyRequests);
  expect(await t.p.db.knex('export_jobs').count({ n: '*' }).first()).toEqual({ n: '0' });
});

it('refuses an empty selection: no ids, or a filter that matches nothing', async () => {
  for (const sel of [{ customerIds: [] }, { customerIds: theirs }, { filter: { name: '没有这个人' } }]) {
    const r = await startExport(t.m1, { format: 'xlsx', ...sel });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 400, message: '没有可以导出的数据' });
  }
  t.m1.lang = 'en';
  const en = await startExport(t.m1, { format: 'xlsx', customerIds: [] });
  t.m1.lang = 'zh-CN';
  expect(en.body.message).toBe('No data can be exported');
});

it('validates the request with the list filter schema', async () => {
  const bad = await startExport(t.m1, { format: 'pdf', filter: { stage: 999 } });
  expect(bad.status).toBe(400);
  const paths = (bad.body.data as unknown as { errors: { path: string }[] }).errors.map((e) => e.path);
  expect(paths.sort()).toEqual(['filter.stage', 'format']);
  expect((await t.m1.post('/api/crm/exports', { format: 'csv' })).status).toBe(400); // no password
});

it("refuses another tenant's exports and owner ids with 404", async () => {
  const job = await exportAndWait(t.m1, { format: 'csv', customerIds: mine });
  expect(job.rows).toBe(3);
  for (const other of [t.m2, t.op1]) {
    expect((await other.get(`/api/crm/exports/${job.exportJobId}`)).status).toBe(404);
    const f = await download(other, job.exportJobId);
    expect(f.status).toBe(404);
    expect(f.envelope?.code).toBe(404);
  }
  const foreignOwner = await startExport(t.m1, { format: 'csv', filter: { ownerId: t.ids.m2 } });
  expect(foreignOwner.status).toBe(404);
  // The owner still gets it.
  expect((await download(t.m1, job.exportJobId)).status).toBe(200);
});
