// What customers ask for during a call, from the record to the customer center: the media worker's
// own writes (media/src/calls/requests.ts, record.ts) keep an opt-out and a callback request on the
// record, and the settlement applies them once (requests.ts) — the number on the call account's
// blacklist, which the dialer then honours; a work reminder for the owner of the number's customer,
// a new customer of the call's account when there is none. Tenant isolation, idempotency under
// re-settlement, and a call whose worker died before closing it. Calls here are dialed by the
// scheduler (or opened as test calls) and closed by the test, without a media worker.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { decryptSecret } from '../../../platform/secrets';
import type { BotAction, CallbackTime } from '../../../domain/bot';
import { resolveCallback } from '../../../domain/callback';
import type { DialJob } from '../../../domain/calls';
import type { FollowUpDto } from '../../../domain/crm';
import type { CallBlacklistEntryDto } from '../../../domain/shields';
import { closeRecord, ensureRecord } from '../../../platform/callRecord';
import { CustomerRequests } from '../../../media/src/calls/requests';
import { accountId, insertCustomer, loggedIn, secondMerchantTree } from '../../../test/fixtures';
import { startTestPlatform, type TestPlatform } from '../../../test/harness';
import { pushDueReminders } from '../modules/crm/followups/reminders';
import { loadAccounts } from './context';
import { applyRequests } from './requests';
import { settleCall } from './settle';
import { hashOf, ids as demoIds, insertTask, manualDialer } from './testKit';

let p: TestPlatform;
let k: Knex;
let id: Awaited<ReturnType<typeof demoIds>> & { m2: number };

const num = (i: number) => `135${String(i).padStart(8, '0')}`;
const reason = { kind: 'global' as const, text: 'test' };
const optOut = (sentence: string): BotAction => ({ type: 'optOut', sentence, reason });
const remind = (sentence: string, when: CallbackTime | null): BotAction => ({
  type: 'remind',
  when,
  sentence,
  reason,
});
const TOMORROW_3PM: CallbackTime = { dayOffset: 1, hour: 15, minute: 0, text: '明天下午三点' };

beforeAll(async () => {
  p = await startTestPlatform();
  k = p.db.knex;
  const second = await secondMerchantTree(p);
  id = { ...(await demoIds(p)), m2: await accountId(p, 'merchant02') };
  expect(second.merchant.id).toBe(id.m2);
  // merchant02 calls back in Berlin time.
  await k('dial_settings').insert({ account_id: id.m2, time_zone: 'Europe/Berlin' });
}, 60_000);
afterAll(() => p.close());

/** A task call of `phone` dialed by the scheduler for `accountId` (the number's customer: `customerId`). */
async function taskCall(accountId: number, phone: string, customerId: number | null = null) {
  const taskId = await insertTask(p, { accountId, botId: id.bot, lineId: id.line, numbers: [phone] });
  if (customerId) await k('task_numbers').where({ task_id: taskId }).update({ customer_id: customerId });
  const d = manualDialer(p);
  await d.cycle();
  await d.stop();
  const row = await k('calls').where({ task_id: taskId }).first('id', 'call_uuid');
  expect(row).toBeDefined();
  return { id: Number(row.id), uuid: row.call_uuid as string, taskId };
}

/** A test call (no task) opened as the worker opens it. */
async function testCall(accountId: number, phone: string) {
  const job: DialJob = {
    callUuid: randomUUID(),
    accountId,
    botId: id.bot,
    botVersion: 1,
    lineId: id.line,
    phone,
    callerNumber: '',
    test: true,
  };
  const rec = await ensureRecord(k, p.config.secretKey, job);
  return { id: rec.id, uuid: job.callUuid };
}

/** What the worker does for the engine's actions, then its close of the record. */
async function hearAndClose(callId: number, phone: string, actions: BotAction[], at = new Date()) {
  const requests = new CustomerRequests(k, p.config.secretKey, callId, phone);
  for (const a of actions) requests.note(a, at);
  await requests.flush();
  await close(callId);
}

const close = (callId: number, resultLevel = 26) =>
  closeRecord(k, callId, {
    resultLevel,
    grade: resultLevel <= 26 ? resultLevel : null,
    labels: [],
    hangupCause: 'NORMAL_CLEARING',
    sipStatus: 200,
    ringMs: 1000,
    talkMs: 20_000,
    totalMs: 21_000,
    billableMs: 20_000,
    rounds: 2,
    reason: null,
    recordingPath: null,
  });

const settle = (callId: number) => settleCall(p.server.deps, callId);

/** The settlement's apply, run again on the record as it is now (a second settler, a re-run). */
async function applyAgain(callId: number) {
  const call = await k('calls').where({ id: callId }).first();
  const accounts = await loadAccounts(k, [Number(call.account_id)]);
  return k.transaction((trx) => applyRequests(trx, call, accounts.get(Number(call.account_id))));
}

const blacklist = (accountId: number, phone: string) =>
  k('call_blacklist')
    .where({ account_id: accountId, phone_hash: hashOf(p, phone) })
    .select('*');
const remindersOfCall = (callId: number) =>
  k('follow_ups').where({ call_id: callId, record_type: 0 }).select('*');

describe('opt-out', () => {
  it("puts the number on the call account's blacklist once, and the dialer skips it from then on", async () => {
    const a = num(1);
    const call = await taskCall(id.merchant, a);
    await hearAndClose(call.id, a, [optOut('别再打了，我要投诉'), optOut('听到没有')]);
    expect(await k('calls').where({ id: call.id }).first('opt_out_sentence')).toEqual({
      opt_out_sentence: '别再打了，我要投诉', // the first sentence of the call
    });

    const s = await settle(call.id);
    expect(s?.requests).toEqual({ blacklisted: true, reminder: null });
    const rows = await blacklist(id.merchant, a);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      reason: '别再打了，我要投诉',
      phone_masked: '135****0001',
      call_uuid: call.uuid,
      created_by: null,
    });

    // Settled again, or applied again: nothing more.
    expect(await settle(call.id)).toBeNull();
    expect(await applyAgain(call.id)).toEqual({ blacklisted: false, reminder: null });
    expect(await blacklist(id.merchant, a)).toHaveLength(1);

    // A second opt-out of the number in the same account adds nothing and keeps the first reason.
    const again = await testCall(id.merchant, a);
    await hearAndClose(again.id, a, [optOut('说了别打了')]);
    expect((await settle(again.id))?.requests.blacklisted).toBe(false);
    expect(await blacklist(id.merchant, a)).toEqual(rows);
    // The call blacklist page says where the number came from.
    const m1 = await loggedIn(p, 'merchant01');
    const page = await m1.get<{ items: CallBlacklistEntryDto[] }>('/api/shields/blacklist?phone=' + a);
    expect(page.body.data!.items).toEqual([
      expect.objectContaining({ phone: '135****0001', reason: '别再打了，我要投诉', callUuid: call.uuid }),
    ]);

    // The dialer honours it: another task of the account skips the number as blacklisted.
    const taskId = await insertTask(p, {
      accountId: id.merchant,
      botId: id.bot,
      lineId: id.line,
      numbers: [a],
    });
    const d = manualDialer(p);
    await d.cycle();
    await d.stop();
    expect(await k('task_numbers').where({ task_id: taskId }).first('state', 'skip_reason')).toEqual({
      state: 3,
      skip_reason: 'blacklist',
    });
  });

  it("touches only the call's own account: never another tree's list, nor the parent's", async () => {
    const b = num(2);
    const ofM2 = await testCall(id.m2, b);
    await hearAndClose(ofM2.id, b, [optOut('不要再打给我了')]);
    await settle(ofM2.id);
    expect(await blacklist(id.m2, b)).toHaveLength(1);
    expect(await blacklist(id.merchant, b)).toHaveLength(0);
    expect(await blacklist(id.operator, b)).toHaveLength(0);

    const ofOperator = await testCall(id.operator, b);
    await hearAndClose(ofOperator.id, b, [optOut('投诉你们')]);
    await settle(ofOperator.id);
    expect(await blacklist(id.operator, b)).toHaveLength(1);
    expect(await blacklist(id.merchant, b)).toHaveLength(0);
    expect(
      await k('call_blacklist')
        .where({ phone_hash: hashOf(p, b) })
        .count({ n: '*' }),
    ).toEqual([{ n: '2' }]);
  });
});

describe('callback reminder', () => {
  it("goes to the owner of the number's customer, at the time named, in the account's zone", async () => {
    const c = num(3);
    // The customer was allocated to operator01; merchant01's task dials it.
    const customer = await insertCustomer(p, id.operator, { phone: c, name: '李女士', stage: 300 });
    const call = await taskCall(id.merchant, c, customer);
    const at = new Date();
    await hearAndClose(call.id, c, [remind('我在开车，明天下午三点再打吧', TOMORROW_3PM)], at);

    const s = await settle(call.id);
    const remindAt = resolveCallback(TOMORROW_3PM, at, 'Asia/Shanghai');
    expect(s?.requests.reminder).toEqual({
      id: expect.any(Number),
      accountId: id.operator,
      customerId: customer,
      remindAt,
    });
    const rows = await remindersOfCall(call.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      account_id: String(id.operator),
      customer_id: String(customer),
      record_type: 0,
      stage: 300,
      contact_method: 201,
      details: '我在开车，明天下午三点再打吧',
      handled_at: null,
    });
    expect(new Date(rows[0].remind_at)).toEqual(remindAt);

    // Re-settled or re-applied: still one reminder.
    expect(await settle(call.id)).toBeNull();
    expect(await applyAgain(call.id)).toEqual({ blacklisted: false, reminder: null });
    expect(await remindersOfCall(call.id)).toHaveLength(1);
    // The operator sees it among its work reminders; the merchant does not (its own only).
    type List = { items: FollowUpDto[] };
    const op = await loggedIn(p, 'operator01');
    const m1 = await loggedIn(p, 'merchant01');
    const listed = (await op.get<List>('/api/crm/reminders')).body.data!.items;
    expect(listed.find((r) => r.id === Number(rows[0].id))).toMatchObject({
      callId: call.id,
      contactMethod: 201,
    });
    expect((await m1.get<List>('/api/crm/reminders')).body.data!.items.map((r) => r.id)).not.toContain(
      Number(rows[0].id),
    );
    // Falling due, it rings the operator's bell in the viewer's language, naming the customer's words.
    await p.server.deps.queues.crm.pause(true);
    await k('follow_ups')
      .where({ id: rows[0].id })
      .update({ remind_at: new Date(Date.now() - 1000) });
    expect((await pushDueReminders(p.server.deps)).pushed).toBeGreaterThanOrEqual(1);
    expect(
      await k('notices')
        .where({ account_id: id.operator, title_key: 'reminder.title' })
        .select('body_key', 'params', 'content'),
    ).toContainEqual({
      body_key: 'reminder.callbackBody',
      params: { who: '李女士', sentence: '我在开车，明天下午三点再打吧' },
      content: '我在开车，明天下午三点再打吧',
    });
  });

  it('finds the customer by number when the call has no link, in the call account’s subtree only', async () => {
    const d = num(4);
    const mine = await insertCustomer(p, id.operator, { phone: d });
    const foreign = await insertCustomer(p, id.m2, { phone: d });
    const call = await testCall(id.merchant, d);
    await hearAndClose(call.id, d, [remind('下周一上午再联系', { weekday: 1, hour: 9, text: '下周一上午' })]);
    const s = await settle(call.id);
    expect(s?.requests.reminder).toMatchObject({ accountId: id.operator, customerId: mine });
    expect(await k('follow_ups').where({ customer_id: foreign }).count({ n: '*' })).toEqual([{ n: '0' }]);
  });

  it("makes the number a customer of the task's account when it has no customer record", async () => {
    const e = num(5);
    // Another tree's customer with the number is not ours to use.
    const foreign = await insertCustomer(p, id.m2, { phone: e });
    const call = await taskCall(id.merchant, e);
    await k('task_numbers').where({ task_id: call.taskId }).update({ name: '王先生' });
    const at = new Date();
    await hearAndClose(call.id, e, [remind('晚点再打给我', null)], at);

    const s = await settle(call.id);
    const created = await k('customers')
      .where({ account_id: id.merchant, phone_hash: hashOf(p, e) })
      .select('*');
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ phone: e, phone_cipher: null, name: '王先生', stage: 200, grade: 26 });
    expect(s?.requests.reminder).toMatchObject({
      accountId: id.merchant,
      customerId: Number(created[0].id),
      remindAt: resolveCallback(null, at), // nothing named: the next day at 10:00
    });
    expect(await k('calls').where({ id: call.id }).first('customer_id')).toEqual({
      customer_id: created[0].id,
    });
    expect(await k('follow_ups').where({ customer_id: foreign }).count({ n: '*' })).toEqual([{ n: '0' }]);
    expect(await applyAgain(call.id)).toEqual({ blacklisted: false, reminder: null });
    expect(
      await k('customers')
        .where({ phone_hash: hashOf(p, e) })
        .count({ n: '*' }),
    ).toEqual([{ n: '2' }]);
  });

  it("keeps a test call's number hidden on the customer it makes, and resolves in the account's zone", async () => {
    const f = num(6);
    const call = await testCall(id.m2, f);
    const at = new Date();
    await hearAndClose(call.id, f, [remind('明天下午三点吧', TOMORROW_3PM)], at);
    const s = await settle(call.id);
    const c = await k('customers')
      .where({ account_id: id.m2, phone_hash: hashOf(p, f) })
      .first();
    expect(c).toMatchObject({ phone: '135****0006', stage: 200 });
    expect(decryptSecret(p.config.secretKey, c.phone_cipher)).toBe(f);
    expect(s?.requests.reminder).toMatchObject({
      accountId: id.m2,
      customerId: Number(c.id),
      remindAt: resolveCallback(TOMORROW_3PM, at, 'Europe/Berlin'),
    });
  });

  it('the last request of the call wins; an opt-out and a reminder may come from one call', async () => {
    const g = num(7);
    const call = await testCall(id.merchant, g);
    const at = new Date();
    await hearAndClose(
      call.id,
      g,
      [
        remind('明天再说', { dayOffset: 1, text: '明天' }),
        remind('后天上午十点', { dayOffset: 2, hour: 10, text: '后天上午十点' }),
        optOut('算了别打了'),
      ],
      at,
    );
    const s = await settle(call.id);
    expect(s?.requests.blacklisted).toBe(true);
    const rows = await remindersOfCall(call.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].details).toBe('后天上午十点');
    expect(new Date(rows[0].remind_at)).toEqual(
      resolveCallback({ dayOffset: 2, hour: 10, text: '' }, at, 'Asia/Shanghai'),
    );
  });
});

describe('failures', () => {
  it('loses nothing: requests heard before the crash are applied when the retry closes the record', async () => {
    const h = num(8);
    const call = await taskCall(id.merchant, h);
    const requests = new CustomerRequests(k, p.config.secretKey, call.id, h);
    requests.note(optOut('别打了'));
    requests.note(remind('下午四点再打', { hour: 16, text: '下午四点' }));
    await requests.flush();
    // The worker is gone; the retry closes the record as unknown (90).
    await close(call.id, 90);
    const s = await settle(call.id);
    expect(s?.requests.blacklisted).toBe(true);
    expect(s?.requests.reminder).toMatchObject({ accountId: id.merchant });
    expect(await blacklist(id.merchant, h)).toHaveLength(1);
    expect(await remindersOfCall(call.id)).toHaveLength(1);
  });

  it('a request that cannot be applied never holds up the settlement: logged, kept on the record', async () => {
    const j = num(10);
    const call = await testCall(id.merchant, j);
    await close(call.id);
    // The blacklist refuses this sentence (a constraint of this test's own database copy).
    await k.raw(`ALTER TABLE call_blacklist ADD CONSTRAINT test_refuse CHECK (reason <> '拒绝写入')`);
    try {
      await k('calls').where({ id: call.id }).update({ opt_out_sentence: '拒绝写入' });
      const s = await settle(call.id);
      expect(s?.requests).toEqual({ blacklisted: false, reminder: null });
      const row = await k('calls').where({ id: call.id }).first('settled_at', 'opt_out_sentence');
      expect(row.settled_at).not.toBeNull();
      expect(row.opt_out_sentence).toBe('拒绝写入');
      expect(await blacklist(id.merchant, j)).toHaveLength(0);
    } finally {
      await k.raw('ALTER TABLE call_blacklist DROP CONSTRAINT test_refuse');
    }
  });

  it('an opt-out sentence longer than the column still lists the number (its reason cut to 200)', async () => {
    const j = num(11);
    const call = await testCall(id.merchant, j);
    await close(call.id);
    await k('calls')
      .where({ id: call.id })
      .update({ opt_out_sentence: '别'.repeat(300) });
    const s = await settle(call.id);
    expect(s?.requests.blacklisted).toBe(true);
    const [listed] = await blacklist(id.merchant, j);
    expect([...(listed.reason as string)]).toHaveLength(200);
  });

  it('a request written after the settlement changes nothing on the record', async () => {
    const i = num(9);
    const call = await testCall(id.merchant, i);
    await close(call.id);
    await settle(call.id);
    const late = new CustomerRequests(k, p.config.secretKey, call.id, i);
    late.note(optOut('别打了'));
    await late.flush();
    expect(await k('calls').where({ id: call.id }).first('opt_out_sentence', 'callback')).toEqual({
      opt_out_sentence: null,
      callback: null,
    });
  });
});
