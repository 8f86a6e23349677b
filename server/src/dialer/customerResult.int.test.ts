// Every ended call updates its customer (issue 19 item 1), through the real settlement: once per call
// under re-settlement, a settlement that throws and one whose database connection dies mid-way;
// inbound calls too; the stage never moves back; a number becomes a customer only when its task
// says so; another tree's customer with the same number is never touched; test calls change nothing.
// Calls are dialed by the scheduler (or opened as the media worker opens them) and closed with the
// worker's own closeRecord, without a media worker.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { DialJob } from '../../../domain/calls';
import { closeRecord, ensureRecord, openInboundRecord } from '../../../platform/callRecord';
import { CustomerRequests } from '../../../media/src/calls/requests';
import { accountId, insertCustomer, secondMerchantTree } from '../../../test/fixtures';
import { startTestPlatform, type TestPlatform } from '../../../test/harness';
import { until } from '../../../test/until';
import { coded, messageOf } from '../../../domain/reasons';
import { presentFollowUp } from '../modules/crm/followups/repo';
import { settleCall } from './settle';
import { hashOf, ids as demoIds, insertTask, manualDialer } from './testKit';

let p: TestPlatform;
let k: Knex;
let id: Awaited<ReturnType<typeof demoIds>> & { m2: number };

const num = (i: number) => `136${String(i).padStart(8, '0')}`;

beforeAll(async () => {
  p = await startTestPlatform();
  k = p.db.knex;
  await secondMerchantTree(p);
  id = { ...(await demoIds(p)), m2: await accountId(p, 'merchant02') };
  // One number is called again here (a redial's result): no per-number caps.
  await k('dial_settings')
    .insert({ account_id: id.merchant, cap_per_day: null, cap_per_period: null })
    .onConflict('account_id')
    .merge(['cap_per_day', 'cap_per_period']);
}, 60_000);
afterAll(() => p.close());

/** A task call of `phone` dialed by the scheduler for `owner`. */
async function taskCall(
  owner: number,
  phone: string,
  opts: { createCustomers?: boolean; name?: string } = {},
) {
  const taskId = await insertTask(p, { accountId: owner, botId: id.bot, lineId: id.line, numbers: [phone] });
  await k('tasks')
    .where({ id: taskId })
    .update({ create_customers: opts.createCustomers ?? true });
  if (opts.name) await k('task_numbers').where({ task_id: taskId }).update({ name: opts.name });
  // The line's send rate may hold a number back for a moment: cycle until it is dialed.
  const d = manualDialer(p);
  const row = await until(async () => {
    await d.cycle();
    const r: { id: string; call_uuid: string; created_at: Date } | undefined = await k('calls')
      .where({ task_id: taskId })
      .first('id', 'call_uuid', 'created_at');
    return r;
  }, 10_000).finally(() => d.stop());
  return { id: Number(row.id), uuid: row.call_uuid as string, taskId, createdAt: new Date(row.created_at) };
}

async function testCall(owner: number, phone: string) {
  const job: DialJob = {
    callUuid: randomUUID(),
    accountId: owner,
    botId: id.bot,
    botVersion: 1,
    lineId: id.line,
    phone,
    callerNumber: '',
    test: true,
  };
  return (await ensureRecord(k, p.config.secretKey, job)).id;
}

let sceneSeq = 0;
/** An inbound call of `phone` through a bot scene of `owner`, opened as the media worker opens it. */
async function inboundCall(owner: number, phone: string, customerId: number | null) {
  const [scene] = await k('scenes')
    .insert({
      account_id: owner,
      name: `scene ${++sceneSeq}`,
      did: `0105550${sceneSeq}`,
      line_id: id.line,
      target: 'bot',
      bot_id: id.bot,
    })
    .returning('id');
  return openInboundRecord(
    k,
    p.config.secretKey,
    {
      callUuid: randomUUID(),
      accountId: owner,
      sceneId: Number(scene.id),
      lineId: id.line,
      botId: id.bot,
      botVersion: 1,
      phone,
    },
    customerId,
  );
}

/** Closes the record as the worker does; a graded conversation carries labels, a reason, an LLM grade. */
async function close(
  callId: number,
  resultLevel = 22,
  extra: { labels?: string[]; llm?: string; reason?: unknown } = {},
) {
  const graded = resultLevel <= 26;
  await closeRecord(k, callId, {
    resultLevel,
    grade: graded ? resultLevel : null,
    labels: extra.labels ?? [],
    hangupCause: graded ? 'NORMAL_CLEARING' : 'NO_ANSWER',
    sipStatus: graded ? 200 : 480,
    ringMs: 1000,
    talkMs: graded ? 20_000 : 0,
    totalMs: 21_000,
    billableMs: graded ? 20_000 : 0,
    rounds: graded ? 3 : 0,
    reason: extra.reason ?? (graded ? { kind: 'rule', text: `可以 → 规则「测试」→ ${resultLevel}` } : null),
    recordingPath: null,
  });
  if (extra.llm) await k('calls').where({ id: callId }).update({ llm_grade: extra.llm });
}

const settle = (callId: number) => settleCall(p.server.deps, callId);
const customer = (cid: number) => k('customers').where({ id: cid }).first();
const visits = (callId: number) =>
  k('follow_ups').where({ call_id: callId, record_type: 1 }).orderBy('id').select('*');

describe('a task call', () => {
  it('updates its customer once: last call, count, result, grade, labels, LLM grade, stage, a visit record', async () => {
    const a = num(1);
    const cid = await insertCustomer(p, id.operator, { phone: a, name: '赵先生' });
    const call = await taskCall(id.merchant, a);
    await close(call.id, 22, { labels: ['关心价格', '要资料'], llm: 'B' });

    const s = await settle(call.id);
    expect(s?.customer).toEqual({ customerId: cid, created: false, followUpId: expect.any(Number) });
    const after = await customer(cid);
    expect(after).toMatchObject({
      stage: 200,
      grade: 22,
      last_result: 22,
      call_count: 1,
      intention_label: '关心价格、要资料',
      llm_grade: 'B',
      last_call_id: String(call.id),
    });
    expect(new Date(after.last_called_at)).toEqual(call.createdAt);
    expect(await k('calls').where({ id: call.id }).first('customer_id')).toEqual({
      customer_id: String(cid),
    });
    const v = await visits(call.id);
    expect(v).toHaveLength(1);
    expect(v[0]).toMatchObject({
      account_id: String(id.operator), // the customer's owner
      customer_id: String(cid),
      stage: 200,
      contact_method: 201,
      result_level: 22,
      details: '可以 → 规则「测试」→ 22',
      remind_at: null,
    });

    // Settled again: nothing more.
    expect(await settle(call.id)).toBeNull();
    expect(await customer(cid)).toEqual(after);
    expect(await visits(call.id)).toHaveLength(1);
  });

  it('a settlement that throws before its commit leaves nothing; the rerun applies it once', async () => {
    const b = num(2);
    const cid = await insertCustomer(p, id.merchant, { phone: b });
    const call = await taskCall(id.merchant, b);
    await close(call.id, 21);
    // The last write of the settlement (settled_at) fails for this call, after the customer's update.
    await k.raw(`CREATE FUNCTION fail_settle() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'settlement interrupted'; END $$`);
    await k.raw(`CREATE TRIGGER fail_settle BEFORE UPDATE OF settled_at ON calls FOR EACH ROW
      WHEN (NEW.id = ${call.id} AND NEW.settled_at IS NOT NULL) EXECUTE FUNCTION fail_settle()`);
    try {
      await expect(settle(call.id)).rejects.toThrow(/settlement interrupted/);
      await expect(settle(call.id)).rejects.toThrow(/settlement interrupted/);
    } finally {
      await k.raw('DROP TRIGGER fail_settle ON calls');
      await k.raw('DROP FUNCTION fail_settle()');
    }
    expect(await customer(cid)).toMatchObject({
      call_count: 0,
      stage: 100,
      grade: null,
      last_called_at: null,
    });
    expect(await visits(call.id)).toHaveLength(0);

    expect((await settle(call.id))?.customer?.customerId).toBe(cid);
    expect(await settle(call.id)).toBeNull();
    expect(await customer(cid)).toMatchObject({ call_count: 1, stage: 200, grade: 21 });
    expect(await visits(call.id)).toHaveLength(1);
  });

  it('a settler whose connection dies mid-way (a killed process) leaves nothing; the rerun applies it once', async () => {
    const c = num(3);
    const cid = await insertCustomer(p, id.merchant, { phone: c });
    const call = await taskCall(id.merchant, c);
    await close(call.id, 23);
    // The settler's own backend is terminated while it writes the call's visit record.
    await k.raw(`CREATE FUNCTION kill_settler() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_terminate_backend(pg_backend_pid()); RETURN NEW; END $$`);
    await k.raw(`CREATE TRIGGER kill_settler BEFORE INSERT ON follow_ups FOR EACH ROW
      WHEN (NEW.call_id = ${call.id}) EXECUTE FUNCTION kill_settler()`);
    try {
      await expect(settle(call.id)).rejects.toThrow();
    } finally {
      await k.raw('DROP TRIGGER kill_settler ON follow_ups');
      await k.raw('DROP FUNCTION kill_settler()');
    }
    expect(await k('calls').where({ id: call.id }).first('settled_at')).toEqual({ settled_at: null });
    expect(await customer(cid)).toMatchObject({ call_count: 0, stage: 100 });
    expect(await visits(call.id)).toHaveLength(0);

    await settle(call.id);
    await settle(call.id);
    expect(await customer(cid)).toMatchObject({ call_count: 1, stage: 200, grade: 23 });
    expect(await visits(call.id)).toHaveLength(1);
  });

  it('never moves the stage back, and a later no-answer keeps the A–F grade', async () => {
    const d = num(4);
    const cid = await insertCustomer(p, id.merchant, { phone: d, stage: 400 });
    const first = await taskCall(id.merchant, d);
    await close(first.id, 21, { labels: ['想买'] });
    await settle(first.id);
    expect(await customer(cid)).toMatchObject({ stage: 400, grade: 21, call_count: 1 });

    const second = await taskCall(id.merchant, d);
    await close(second.id, 68);
    await settle(second.id);
    const after = await customer(cid);
    expect(after).toMatchObject({
      stage: 400,
      grade: 21,
      last_result: 68,
      intention_label: '想买',
      call_count: 2,
      last_call_id: String(second.id),
    });
    expect(new Date(after.last_called_at)).toEqual(second.createdAt);
    expect((await visits(second.id))[0]).toMatchObject({ stage: 400, result_level: 68, details: '' });
  });

  it('makes a new number a customer only when the task says so', async () => {
    const on = num(5);
    const call = await taskCall(id.merchant, on, { name: '钱女士' });
    await close(call.id, 22);
    const s = await settle(call.id);
    const made = await k('customers')
      .where({ phone_hash: hashOf(p, on) })
      .select('*');
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      account_id: String(id.merchant),
      name: '钱女士',
      phone: on,
      stage: 200,
      grade: 22,
      call_count: 1,
    });
    expect(s?.customer).toEqual({
      customerId: Number(made[0].id),
      created: true,
      followUpId: expect.any(Number),
    });

    const off = num(6);
    const quiet = await taskCall(id.merchant, off, { createCustomers: false });
    await close(quiet.id, 22);
    expect((await settle(quiet.id))?.customer).toBeNull();
    expect(
      await k('customers')
        .where({ phone_hash: hashOf(p, off) })
        .count({ n: '*' }),
    ).toEqual([{ n: '0' }]);
    expect(await k('calls').where({ id: quiet.id }).first('customer_id', 'settled_at')).toMatchObject({
      customer_id: null,
      settled_at: expect.any(Date),
    });
  });

  it('a callback request and the result on one call: one visit record and one reminder', async () => {
    const e = num(7);
    const call = await taskCall(id.merchant, e, { createCustomers: false });
    const req = new CustomerRequests(k, p.config.secretKey, call.id, e);
    req.note({ type: 'remind', when: null, sentence: '明天再打', reason: { kind: 'global', text: 't' } });
    await req.flush();
    await close(call.id, 25);
    const s = await settle(call.id);
    // The customer asked to be called back: it becomes a customer even with the task's setting off.
    expect(s?.customer?.created).toBe(true);
    expect(s?.requests.reminder?.customerId).toBe(s?.customer?.customerId);
    const rows = await k('follow_ups').where({ call_id: call.id }).orderBy('record_type').select('*');
    expect(rows.map((r) => [r.record_type, r.contact_method, r.stage])).toEqual([
      [0, 201, 200],
      [1, 201, 200],
    ]);
  });

  it("never touches another tree's customer with the same number", async () => {
    const f = num(8);
    const foreign = await insertCustomer(p, id.m2, { phone: f, stage: 100 });
    const before = await customer(foreign);
    const call = await taskCall(id.merchant, f);
    await close(call.id, 21);
    const s = await settle(call.id);
    expect(s?.customer?.customerId).not.toBe(foreign);
    expect(await customer(foreign)).toEqual(before);
    expect(await k('follow_ups').where({ customer_id: foreign }).count({ n: '*' })).toEqual([{ n: '0' }]);
    // A task number linked to another tree's customer (never reachable through the API) is ignored too.
    const g = num(9);
    const foreign2 = await insertCustomer(p, id.m2, { phone: g });
    const before2 = await customer(foreign2);
    const call2 = await taskCall(id.merchant, g, { createCustomers: false });
    await k('calls').where({ id: call2.id }).update({ customer_id: foreign2 });
    await close(call2.id, 21);
    expect((await settle(call2.id))?.customer).toBeNull();
    expect(await customer(foreign2)).toEqual(before2);
  });
});

describe("the visit record's reason", () => {
  it('keeps the code and parameters for the reader’s language; an uncoded reason has none', async () => {
    const reason = {
      kind: 'rule',
      ...coded('gradeRule', {
        facts: [{ code: 'fact_affirm', params: { n: '2' } }],
        rule: '有兴趣', // the bot author's rule name: a parameter, as written
        grade: 'A',
      }),
    };
    const a = num(90);
    const cid = await insertCustomer(p, id.operator, { phone: a, name: '钱女士' });
    const call = await taskCall(id.merchant, a);
    await close(call.id, 21, { reason });
    await settle(call.id);
    const [v] = await visits(call.id);
    expect(v).toMatchObject({ details: '肯定2次 → 规则「有兴趣」→ A', details_message: messageOf(reason) });
    expect(presentFollowUp(v)).toMatchObject({
      details: reason.text,
      detailsMessage: {
        code: 'gradeRule',
        params: { facts: [{ code: 'fact_affirm', params: { n: '2' } }], rule: '有兴趣', grade: 'A' },
      },
    });
    expect(await customer(cid)).toMatchObject({ grade: 21 });

    // A reason written before codes: its text, no message.
    const b = num(91);
    await insertCustomer(p, id.operator, { phone: b });
    const old = await taskCall(id.merchant, b);
    await close(old.id, 22);
    await settle(old.id);
    const [w] = await visits(old.id);
    expect(w).toMatchObject({ details: '可以 → 规则「测试」→ 22', details_message: null });
    expect(presentFollowUp(w).detailsMessage).toBeNull();
  });
});

describe('other calls', () => {
  it('an inbound call updates the customer it matches in the scene owner’s subtree', async () => {
    const h = num(10);
    const cid = await insertCustomer(p, id.operator, { phone: h });
    // Matched by number at settlement (the worker links only the scene owner's own customers).
    const callId = await inboundCall(id.merchant, h, null);
    await close(callId, 21, { labels: ['咨询'] });
    const s = await settle(callId);
    expect(s?.customer).toEqual({ customerId: cid, created: false, followUpId: expect.any(Number) });
    expect(await customer(cid)).toMatchObject({
      stage: 200,
      grade: 21,
      call_count: 1,
      intention_label: '咨询',
    });
    expect(await visits(callId)).toHaveLength(1);

    // An inbound number that is no customer stays none (no task, no clear number).
    const stranger = await inboundCall(id.merchant, num(11), null);
    await close(stranger, 22);
    expect((await settle(stranger))?.customer).toBeNull();
    expect(
      await k('customers')
        .where({ phone_hash: hashOf(p, num(11)) })
        .count({ n: '*' }),
    ).toEqual([{ n: '0' }]);
  });

  it('a test call changes no customer', async () => {
    const j = num(12);
    const cid = await insertCustomer(p, id.merchant, { phone: j });
    const before = await customer(cid);
    const callId = await testCall(id.merchant, j);
    await close(callId, 21);
    expect((await settle(callId))?.customer).toBeNull();
    expect(await customer(cid)).toEqual(before);
  });
});
