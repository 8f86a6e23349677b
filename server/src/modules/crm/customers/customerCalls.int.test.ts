// Call results in my customers (issue 19 item 1): the list's call columns and filters after real
// settlements (grade, called / never called, last-call dates, the last-call sort), the customer's
// calls (newest first) and one call with its transcript and playable voices; bad input (400) and
// another tenant's customer or call (404), a caller without the menu (403).
import type { CallRecordDetail, CallRecordPage } from '../../../../../domain/callRecords';
import type { RoleDto } from '../../../../../domain/api';
import type { CustomerDto } from '../../../../../domain/crm';
import { ApiClient } from '../../../../../test/apiClient';
import { accountForm, insertCustomer, startTree, type Tree } from '../../../../../test/fixtures';
import { settleCall } from '../../../dialer/settle';
import { insertCall, rawGet, writeRecording } from '../../callrecords/testHelpers';

type Page = { items: CustomerDto[]; next: string | null };
let t: Tree;
const base = '/api/crm/customers';
const phone = (i: number) => `134${String(i).padStart(8, '0')}`;
const at = (day: number, hour = 10) => new Date(Date.UTC(2026, 10, day, hour)).toISOString();

/** A settled call of `phone` for `accountId` (a record as the media worker leaves it). */
async function settledCall(
  accountId: number,
  num: string,
  resultLevel: number,
  createdAt: string,
  extra = {},
) {
  const rec = await insertCall(t.p, {
    accountId,
    phone: num,
    result_level: resultLevel,
    grade: resultLevel <= 26 ? resultLevel : null,
    created_at: createdAt,
    ended_at: createdAt,
    ...extra,
  });
  await settleCall(t.p.server.deps, rec.id);
  return rec;
}

let ids: { a: number; b: number; never: number; foreign: number };
let calls: {
  a1: { id: number; uuid: string };
  a2: { id: number; uuid: string };
  f: { id: number; uuid: string };
};

beforeAll(async () => {
  t = await startTree();
  ids = {
    a: await insertCustomer(t.p, t.ids.m1, { phone: phone(1), name: '甲' }),
    b: await insertCustomer(t.p, t.ids.op1, { phone: phone(2), name: '乙', stage: 300 }),
    never: await insertCustomer(t.p, t.ids.m1, { phone: phone(3), name: '丙' }),
    foreign: await insertCustomer(t.p, t.ids.m2, { phone: phone(1), name: '外' }),
  };
  const wav = writeRecording(`customer-calls-${Date.now()}.wav`);
  const a1 = await settledCall(t.ids.m1, phone(1), 68, at(1));
  const a2 = await settledCall(t.ids.m1, phone(1), 21, at(3), {
    recording_path: wav,
    labels: ['要报价'],
    reason: JSON.stringify({ kind: 'rule', text: '想了解 → 规则「有意向」→ A' }),
  });
  await t.p.db.knex('conversation_lines').insert([
    { call_id: a2.id, seq: 1, khtype: 'robot', khcontent: '您好', khvoicepath: [] },
    { call_id: a2.id, seq: 2, khtype: 'customer', khcontent: '我想了解一下', khvoicepath: [`${wav}#t=1.5`] },
  ]);
  await settledCall(t.ids.m1, phone(2), 23, at(2));
  const f = await settledCall(t.ids.m2, phone(1), 22, at(4));
  calls = { a1, a2, f };
}, 60_000);
afterAll(() => t.p.close());

const list = async (q: string) => (await t.m1.get<Page>(`${base}?${q}`)).body.data!.items.map((c) => c.id);

describe('the list', () => {
  it('shows grade, last call, last result and call count of each customer', async () => {
    const r = await t.m1.get<CustomerDto>(`${base}/${ids.a}`);
    expect(r.body.data).toMatchObject({
      stage: 200,
      grade: 21,
      lastResult: 21,
      callCount: 2,
      lastCalledAt: at(3),
      intentionLabel: '要报价',
      llmGrade: null,
    });
    expect((await t.m1.get<CustomerDto>(`${base}/${ids.never}`)).body.data).toMatchObject({
      stage: 100,
      grade: null,
      callCount: 0,
      lastCalledAt: null,
      lastResult: null,
    });
    // The other tree's customer with the same number has its own call only.
    const foreign = await t.p.db.knex('customers').where({ id: ids.foreign }).first();
    expect(foreign).toMatchObject({ call_count: 1, grade: 22 });
  });

  it('filters by grade, called or never called, and the last-call date range', async () => {
    expect(await list('grade=21')).toEqual([ids.a]);
    expect((await list('called=1')).sort()).toEqual([ids.a, ids.b].sort());
    expect(await list('called=0')).toContain(ids.never);
    expect(await list('called=0')).not.toContain(ids.a);
    expect(await list(`lastCalledFrom=${at(2, 0)}&lastCalledTo=${at(2, 23)}`)).toEqual([ids.b]);
    expect(await list(`lastCalledFrom=2026-11-03`)).toEqual([ids.a]);
  });

  it('sorts by last call (newest first, never called first as the index sorts) and pages by keyset', async () => {
    const all: number[] = [];
    let after: string | null = null;
    do {
      const q: string = `sort=lastCalledAt&limit=1${after ? `&after=${after}` : ''}`;
      const r = await t.m1.get<Page>(`${base}?${q}`);
      all.push(...r.body.data!.items.map((c) => c.id));
      after = r.body.data!.next;
    } while (after);
    const called = all.filter((id) => id === ids.a || id === ids.b);
    expect(called).toEqual([ids.a, ids.b]);
    expect(all.indexOf(ids.never)).toBeLessThan(all.indexOf(ids.a));
    expect(new Set(all).size).toBe(all.length);
  });

  it('refuses bad filters with the field named (400)', async () => {
    for (const [q, field] of [
      ['called=maybe', 'called'],
      ['lastCalledFrom=yesterday', 'lastCalledFrom'],
      ['lastCalledTo=2026-13-45', 'lastCalledTo'],
      ['sort=calls', 'sort'],
    ]) {
      const r = await t.m1.get(`${base}?${q}`);
      expect(r.status).toBe(400);
      expect((r.body.data as { errors: { path: string }[] }).errors.map((e) => e.path)).toContain(field);
    }
  });
});

describe("a customer's calls", () => {
  it('lists them newest first, only its own, and pages', async () => {
    const r = await t.m1.get<CallRecordPage>(`${base}/${ids.a}/calls`);
    expect(r.status).toBe(200);
    expect(r.body.data!.items.map((c) => [c.callUuid, c.gradeCode])).toEqual([
      [calls.a2.uuid, 21],
      [calls.a1.uuid, 68],
    ]);
    expect(r.body.data!.next).toBeNull();
    const first = await t.m1.get<CallRecordPage>(`${base}/${ids.a}/calls?limit=1`);
    expect(first.body.data!.items.map((c) => c.callUuid)).toEqual([calls.a2.uuid]);
    const second = await t.m1.get<CallRecordPage>(
      `${base}/${ids.a}/calls?limit=1&after=${first.body.data!.next}`,
    );
    expect(second.body.data!.items.map((c) => c.callUuid)).toEqual([calls.a1.uuid]);
    // The operator holds customer b; merchant01's call of it is above the operator's subtree.
    expect((await t.op1.get<CallRecordPage>(`${base}/${ids.b}/calls`)).body.data!.items).toEqual([]);
    expect((await t.m1.get<CallRecordPage>(`${base}/${ids.b}/calls`)).body.data!.items).toHaveLength(1);
  });

  it('opens one with its transcript, reason and a recording the browser can fetch', async () => {
    const r = await t.m1.get<CallRecordDetail>(`${base}/${ids.a}/calls/${calls.a2.uuid}`);
    expect(r.status).toBe(200);
    const d = r.body.data!;
    expect(d.lines.map((l) => [l.khtype, l.khcontent])).toEqual([
      ['robot', '您好'],
      ['customer', '我想了解一下'],
    ]);
    expect(d.reason).toEqual({ kind: 'rule', text: '想了解 → 规则「有意向」→ A' });
    expect(d.recording?.url).toBeTruthy();
    const audio = await rawGet(t.m1, d.recording!.url!);
    expect(audio.status).toBe(200);
    expect(audio.type).toContain('audio/');
    expect(audio.bytes.subarray(0, 4).toString()).toBe('RIFF');
    expect(d.lines[1]!.voices[0]).toMatchObject({ exists: true, fragment: 't=1.5' });
  });

  it("refuses another tenant's customer, another customer's call and bad ids", async () => {
    expect((await t.m1.get(`${base}/${ids.foreign}/calls`)).status).toBe(404);
    expect((await t.m1.get(`${base}/${ids.foreign}/calls/${calls.f.uuid}`)).status).toBe(404);
    // merchant02 cannot read merchant01's customer, nor its call through its own customer.
    expect((await t.m2.get(`${base}/${ids.a}/calls`)).status).toBe(404);
    expect((await t.m2.get(`${base}/${ids.foreign}/calls/${calls.a2.uuid}`)).status).toBe(404);
    // A call of the number that is not this customer's.
    expect((await t.m1.get(`${base}/${ids.never}/calls/${calls.a2.uuid}`)).status).toBe(404);
    expect((await t.m1.get(`${base}/${ids.a}/calls/not-a-uuid`)).status).toBe(400);
    expect((await t.m1.get(`${base}/abc/calls`)).status).toBe(400);
    expect((await t.m1.get(`${base}/${ids.a}/calls?limit=0`)).status).toBe(400);
    expect((await t.m1.get(`${base}/${ids.a}/calls?after=bogus`)).status).toBe(400);
    const body = (await t.m1.get(`${base}/${ids.foreign}/calls`)).body;
    expect(body).toMatchObject({ code: 404 });
  });

  it('needs the crm/mycustomer menu (403)', async () => {
    const role = (
      await t.m2.post<RoleDto>('/api/roles', { name: '只看看板', menus: ['dashboards/rootdashboard'] })
    ).body.data!;
    await t.m2.post('/api/accounts', accountForm({ account: 'm2nocalls', roleId: role.id }));
    const c = new ApiClient(t.p.url);
    await c.login('m2nocalls', 'secret12');
    expect((await c.get(`${base}/${ids.foreign}/calls`)).status).toBe(403);
    expect((await c.get(`${base}/${ids.foreign}/calls/${calls.f.uuid}`)).status).toBe(403);
  });
});
