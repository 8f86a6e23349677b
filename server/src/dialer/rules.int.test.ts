// The scheduler and the settler against real PostgreSQL + Redis, without a media worker: calls are
// closed by the test as the worker would close them. Claims and refusals (blacklists, day shield,
// caps), hidden numbers, arrears, billing per level with shortfall, idempotent settlement, call
// windows, stale slots, completion, and two schedulers racing on one database.
import type { Knex } from 'knex';
import { encryptSecret } from '../../../platform/secrets';
import type { DialJob } from '../../../domain/calls';
import { startTestPlatform, type TestPlatform } from '../../../test/harness';
import { settleCall, settleEnded } from './settle';
import { endCalls, hashOf, ids as demoIds, insertTask, manualDialer, taskRow } from './testKit';

let p: TestPlatform;
let k: Knex;
let id: Awaited<ReturnType<typeof demoIds>>;
let bigLine: number;

const num = (i: number) => `137${String(i).padStart(8, '0')}`;

beforeAll(async () => {
  p = await startTestPlatform();
  k = p.db.knex;
  id = await demoIds(p);
  const [l] = await k('sip_lines')
    .insert({
      account_id: id.merchant,
      name: 'big-line',
      server_ip: '127.0.0.1',
      port: 5060,
      auth_account: 'bigline01',
      password_enc: '',
      rate_count: 1000,
      rate_seconds: 1,
      port_count: 1000,
    })
    .returning('id');
  bigLine = Number(l.id);
  await k('sip_line_assignments').insert({ line_id: bigLine, account_id: id.operator });
  await k('accounts').where({ id: id.merchant }).update({ ai_seats: 1000 });
}, 60_000);
afterAll(() => p.close());

/** Ends the task's open calls (busy) and settles, so its next numbers can be claimed. */
const finishTask = async (taskId: number) => {
  await endCalls(k, { task_id: taskId }, () => ({ result: 67 }));
  await settleEnded(p.server.deps);
};

const jobOf = async (uuid: string) =>
  (await p.server.deps.queues.dial.getJob(uuid))?.data as DialJob | undefined;

describe('claiming', () => {
  it('dials free numbers, skips refused ones with their reason, and never queues them', async () => {
    const n = (i: number) => num(100 + i);
    const taskId = await insertTask(p, {
      accountId: id.merchant,
      botId: id.bot,
      lineId: bigLine,
      robots: 20,
      numbers: [n(1), n(2), n(3), n(4), n(5), n(6), n(7)],
    });
    // n(1) CRM platform blacklist, n(2) the merchant's call blacklist, n(3) shielded today,
    // n(4) connected today in another task (daily cap 1), n(5) three conversations this month.
    await k('blacklist_numbers').insert({
      account_id: null,
      phone: n(1),
      phone_hash: hashOf(p, n(1)),
      reason: 't',
    });
    await k('call_blacklist').insert({
      account_id: id.merchant,
      phone_hash: hashOf(p, n(2)),
      phone_masked: 'x',
    });
    await k('day_shields').insert({
      account_id: id.merchant,
      phone_hash: hashOf(p, n(3)),
      phone_masked: 'x',
      day: k.raw("(now() AT TIME ZONE 'Asia/Shanghai')::date"),
    });
    const past = (phone: string, ago: string) => ({
      call_uuid: k.raw('gen_random_uuid()'),
      account_id: id.operator,
      bot_id: id.bot,
      bot_version: 1,
      line_id: bigLine,
      phone_masked: 'x',
      phone_hash: hashOf(p, phone),
      status: 'ended',
      result_level: 22,
      created_at: k.raw(`now() - interval '${ago}'`),
      settled_at: k.fn.now(),
    });
    await k('calls').insert([
      past(n(4), '1 minute'),
      past(n(5), '3 days'),
      past(n(5), '4 days'),
      past(n(5), '5 days'),
    ]);

    const d = manualDialer(p);
    const r = await d.cycle();
    await d.stop();
    expect(r).toMatchObject({ dialed: 2, skipped: 5 });

    const rows = await k('task_numbers').where({ task_id: taskId }).orderBy('phone').select('*');
    expect(rows.map((x) => [x.phone, x.state, x.skip_reason, x.last_result])).toEqual([
      [n(1), 3, 'blacklist', 71],
      [n(2), 3, 'blacklist', 71],
      [n(3), 3, 'dayShield', null],
      [n(4), 3, 'dailyCap', null],
      [n(5), 3, 'monthlyCap', null],
      [n(6), 1, null, null],
      [n(7), 1, null, null],
    ]);
    const calls = await k('calls').where({ task_id: taskId }).select('*');
    expect(calls.map((c) => c.phone_hash).sort()).toEqual([hashOf(p, n(6)), hashOf(p, n(7))].sort());
    const queued = (await p.server.deps.queues.dial.getJobs(['waiting', 'delayed', 'active'])).map(
      (j) => j.data,
    );
    for (const i of [1, 2, 3, 4, 5]) expect(queued.some((j) => j.phone === n(i))).toBe(false);
    for (const c of calls) {
      const job = await jobOf(c.call_uuid);
      expect(job).toMatchObject({ taskId, lineId: bigLine, botId: id.bot, callUuid: c.call_uuid });
      expect([n(6), n(7)]).toContain(job!.phone);
    }
    // Queued -> running by the scheduler on its first slot.
    expect(await taskRow(k, taskId)).toMatchObject({ status: 2, run_state: 2 });
    const log = await k('task_status_log').where({ task_id: taskId, actor: 'scheduler' }).first();
    expect(log).toMatchObject({
      from_status: 4,
      to_status: 2,
      reason: '获得第一个呼叫名额，开始拨打',
      reason_message: { code: 'taskFirstSlot' },
    });
    await finishTask(taskId);
  });

  it('dials a hidden number (import option 4) with the customer’s real digits', async () => {
    const real = num(201);
    const [c] = await k('customers')
      .insert({
        account_id: id.merchant,
        name: '隐藏',
        phone: '137****0201',
        phone_cipher: encryptSecret(p.config.secretKey, real),
        phone_hash: hashOf(p, real),
      })
      .returning('id');
    const taskId = await insertTask(p, {
      accountId: id.merchant,
      botId: id.bot,
      lineId: bigLine,
      numbers: [],
    });
    await k('task_numbers').insert({
      task_id: taskId,
      account_id: id.merchant,
      customer_id: c.id,
      phone: null,
      phone_hash: hashOf(p, real),
      phone_masked: '137****0201',
    });
    const d = manualDialer(p);
    await d.cycle();
    await d.stop();
    const call = await k('calls').where({ task_id: taskId }).first();
    expect(call).toMatchObject({ phone_masked: '137****0201', customer_id: c.id });
    expect((await jobOf(call.call_uuid))!.phone).toBe(real);
    await finishTask(taskId);
  });

  it('holds robots: never more calls open than the task has robots', async () => {
    const taskId = await insertTask(p, {
      accountId: id.merchant,
      botId: id.bot,
      lineId: bigLine,
      robots: 3,
      numbers: Array.from({ length: 8 }, (_, i) => num(300 + i)),
    });
    const d = manualDialer(p);
    for (let round = 0; round < 6; round++) {
      await d.cycle();
      const open = await k('calls').where({ task_id: taskId }).whereNot('status', 'ended').count({ n: '*' });
      expect(Number(open[0]!.n)).toBeLessThanOrEqual(3);
      // One call of the round ends; the next cycle may refill exactly one robot.
      const one = await k('calls').where({ task_id: taskId }).whereNot('status', 'ended').first('id');
      if (one) await endCalls(k, { id: one.id }, () => ({ result: 68 }));
    }
    await d.stop();
    await finishTask(taskId);
  });

  it('skips a task a user is changing (its row locked FOR UPDATE) and claims once it is free', async () => {
    const taskId = await insertTask(p, {
      accountId: id.merchant,
      botId: id.bot,
      lineId: bigLine,
      robots: 2,
      numbers: [num(400), num(401)],
    });
    const d = manualDialer(p);
    const trx = await k.transaction();
    try {
      await trx('tasks').where({ id: taskId }).forUpdate().first('id');
      await d.cycle();
      expect(await k('calls').where({ task_id: taskId }).count({ n: '*' })).toEqual([{ n: '0' }]);
      expect(await k('task_numbers').where({ task_id: taskId, state: 0 }).count({ n: '*' })).toEqual([
        { n: '2' },
      ]);
    } finally {
      await trx.commit();
    }
    await d.cycle();
    await d.stop();
    expect(await k('calls').where({ task_id: taskId }).count({ n: '*' })).toEqual([{ n: '2' }]);
    await finishTask(taskId);
  });
});

describe('settlement', () => {
  it('bills each level at its own rate once; a second settlement changes nothing', async () => {
    await k('billing_rates')
      .insert([
        { account_id: id.operator, rate_per_min_fen: 10, accuracy_s: 60 },
        { account_id: id.merchant, rate_per_min_fen: 5, accuracy_s: 6 },
      ])
      .onConflict('account_id')
      .merge(); // over the demo seed's rates
    const balance = async (a: number) =>
      Number((await k('accounts').where({ id: a }).first('balance_fen')).balance_fen);
    const [opBefore, mBefore] = [await balance(id.operator), await balance(id.merchant)];
    const taskId = await insertTask(p, {
      accountId: id.operator,
      botId: id.bot,
      lineId: bigLine,
      numbers: [num(401)],
    });
    const d = manualDialer(p);
    await d.cycle();
    const call = await k('calls').where({ task_id: taskId }).first();
    await endCalls(k, { id: call.id }, () => ({ result: 22, billableMs: 61_000 }));

    const [a, b] = await Promise.all([
      settleCall(p.server.deps, Number(call.id)),
      settleCall(p.server.deps, Number(call.id)),
    ]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    expect(await settleCall(p.server.deps, Number(call.id))).toBeNull();
    expect(await settleEnded(p.server.deps)).toEqual([]);

    // 61 s: operator 2 minutes x 10 = 20 fen; merchant 11 blocks of 6 s x 0.5 fen = 5.5 -> 6 fen.
    const ledger = await k('ledger_entries')
      .where('idempotency_key', 'like', `call:${call.call_uuid}:%`)
      .select('*');
    expect(ledger.map((l) => [Number(l.account_id), Number(l.delta_fen)]).sort()).toEqual(
      [
        [id.operator, -20],
        [id.merchant, -6],
      ].sort(),
    );
    expect(await balance(id.operator)).toBe(opBefore - 20);
    expect(await balance(id.merchant)).toBe(mBefore - 6);
    const settled = await k('calls').where({ id: call.id }).first();
    expect(settled.settled_at).not.toBeNull();
    expect(Number(settled.charged_fen)).toBe(20);
    expect(await k('task_numbers').where({ task_id: taskId }).first()).toMatchObject({
      state: 2,
      attempts: 1,
      last_result: 22,
      last_call_uuid: call.call_uuid,
    });
    expect(await k('task_result_counts').where({ task_id: taskId }).select('result_level', 'n')).toEqual([
      { result_level: 22, n: 1 },
    ]);
    expect(await p.server.deps.queues.pushes.getJob(`push:${call.id}`)).not.toBeNull();

    // Nothing left: the next cycle completes the task (run state 10) with a notice.
    await d.cycle();
    await d.stop();
    const t = await taskRow(k, taskId);
    expect(t).toMatchObject({ status: 100, run_state: 10 });
    expect(t.completed_at).not.toBeNull();
    expect(
      await k('notices')
        .where({ account_id: id.operator, type: 100, title_key: 'taskCompleted.title' })
        .whereRaw("params->>'taskId' = ?", [String(taskId)])
        .first(),
    ).toBeTruthy();
  });

  it('a test call (no task) is billed too', async () => {
    const [c] = await k('calls')
      .insert({
        call_uuid: k.raw('gen_random_uuid()'),
        account_id: id.operator,
        bot_id: id.bot,
        bot_version: 1,
        line_id: bigLine,
        phone_masked: '9999',
        phone_hash: hashOf(p, '9999'),
        status: 'ended',
        result_level: 90,
        billable_ms: 5000,
        test: true,
      })
      .returning(['id', 'call_uuid']);
    const s = await settleCall(p.server.deps, Number(c.id));
    expect(s).toMatchObject({ chargedFen: 10, taskId: null });
    expect(
      await k('ledger_entries').where('idempotency_key', `call:${c.call_uuid}:${id.operator}`).first(),
    ).toBeTruthy();
  });

  it('a balance that cannot pay goes to 0 (never below), notes the shortfall and pauses the tasks (13)', async () => {
    await k('accounts').where({ id: id.operator }).update({ balance_fen: 15 });
    const taskId = await insertTask(p, {
      accountId: id.operator,
      botId: id.bot,
      lineId: bigLine,
      numbers: [num(501), num(502)],
      robots: 1,
    });
    const d = manualDialer(p);
    await d.cycle();
    const call = await k('calls').where({ task_id: taskId }).first();
    await endCalls(k, { id: call.id }, () => ({ result: 21, billableMs: 90_000 }));
    await d.cycle();
    await d.stop();
    expect(Number((await k('accounts').where({ id: id.operator }).first('balance_fen')).balance_fen)).toBe(0);
    const row = await k('ledger_entries')
      .where('idempotency_key', `call:${call.call_uuid}:${id.operator}`)
      .first();
    expect(Number(row.delta_fen)).toBe(-15);
    expect(row.description).toContain('shortfall 5 fen');
    expect(await taskRow(k, taskId)).toMatchObject({ status: 13, run_state: 0 });
    expect(
      await k('task_status_log').where({ task_id: taskId, actor: 'billing', to_status: 13 }).first(),
    ).toMatchObject({
      reason: `通话 ${call.call_uuid} 的费用未能全额扣除，欠费暂停`,
      reason_message: { code: 'taskUnpaid', params: { call: call.call_uuid } },
    });
    expect(await k('notices').where({ account_id: id.operator, type: 99 }).first()).toBeTruthy();
    // The second number was never dialed.
    expect(await k('calls').where({ task_id: taskId }).count({ n: '*' })).toEqual([{ n: '1' }]);
  });

  it('balance 0 before dialing: paused for arrears, nothing dialed', async () => {
    await k('accounts').where({ id: id.operator }).update({ balance_fen: 0 });
    await k('notices').where({ account_id: id.operator, type: 99 }).delete();
    const taskId = await insertTask(p, {
      accountId: id.operator,
      botId: id.bot,
      lineId: bigLine,
      numbers: [num(601)],
    });
    const d = manualDialer(p);
    await d.cycle();
    await d.stop();
    expect(await taskRow(k, taskId)).toMatchObject({ status: 13 });
    expect(await k('task_status_log').where({ task_id: taskId, to_status: 13 }).first()).toMatchObject({
      actor: 'billing',
      reason_message: { code: 'taskBalanceZero' },
    });
    expect(await k('calls').where({ task_id: taskId }).first()).toBeUndefined();
    expect(await k('notices').where({ account_id: id.operator, type: 99 }).first()).toBeTruthy();
    await k('accounts').where({ id: id.operator }).update({ balance_fen: 50_000 });
    await k('billing_rates').delete();
  });
});

describe('windows, redials, failures and slots', () => {
  it('outside the call window: run state 3, nothing dialed; back to 2 inside', async () => {
    const hour = Number(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Asia/Shanghai',
        hour: '2-digit',
        hourCycle: 'h23',
      }).format(new Date()),
    );
    const later = (h: number) => `${String((hour + h) % 24).padStart(2, '0')}:00`;
    const taskId = await insertTask(p, {
      accountId: id.merchant,
      botId: id.bot,
      lineId: bigLine,
      status: 2,
      numbers: [num(701)],
      callPeriods: [`${later(3)}-${later(4)}`],
    });
    const d = manualDialer(p);
    await d.cycle();
    expect(await taskRow(k, taskId)).toMatchObject({ status: 2, run_state: 3 });
    expect(await k('calls').where({ task_id: taskId }).first()).toBeUndefined();
    await k('tasks')
      .where({ id: taskId })
      .update({ call_periods: ['00:00-12:00', '12:00-00:00'] });
    await d.cycle();
    await d.stop();
    expect(await taskRow(k, taskId)).toMatchObject({ status: 2, run_state: 2 });
    expect(await k('calls').where({ task_id: taskId }).first()).toBeTruthy();
    const log = await k('task_status_log').where({ task_id: taskId }).orderBy('id').select('reason_message');
    expect(log.map((l) => l.reason_message.code)).toEqual(['taskOutsideHours', 'taskWindowOpened']);
    await finishTask(taskId);
  });

  it('redials a busy number once its interval has passed, then stops', async () => {
    const taskId = await insertTask(p, {
      accountId: id.merchant,
      botId: id.bot,
      lineId: bigLine,
      numbers: [num(801)],
      redial: { enabled: true, count: 1, intervalMinutes: 30, levels: [67] },
    });
    const d = manualDialer(p);
    await d.cycle();
    await endCalls(k, { task_id: taskId }, () => ({ result: 67 }));
    await d.cycle();
    const n = await k('task_numbers').where({ task_id: taskId }).first();
    expect(n).toMatchObject({ state: 0, attempts: 1, last_result: 67 });
    const waitMin = (new Date(n.next_attempt_at).getTime() - Date.now()) / 60_000;
    expect(waitMin).toBeGreaterThan(29);
    expect(waitMin).toBeLessThanOrEqual(30);
    await d.cycle();
    expect(await k('calls').where({ task_id: taskId }).count({ n: '*' })).toEqual([{ n: '1' }]);
    expect((await taskRow(k, taskId)).status).toBe(2); // a pending redial keeps the task open
    // The interval passes.
    await k('task_numbers').where({ task_id: taskId }).update({ next_attempt_at: k.fn.now() });
    await d.cycle();
    expect(await k('calls').where({ task_id: taskId }).count({ n: '*' })).toEqual([{ n: '2' }]);
    await endCalls(k, { task_id: taskId }, () => ({ result: 67 }));
    await d.cycle();
    await d.cycle();
    await d.stop();
    expect(await k('task_numbers').where({ task_id: taskId }).first()).toMatchObject({
      state: 2,
      attempts: 2,
    });
    expect(await taskRow(k, taskId)).toMatchObject({ status: 100, run_state: 10 });
  });

  it('N failures in a row suspend the task (12) with a system notice', async () => {
    const taskId = await insertTask(p, {
      accountId: id.merchant,
      botId: id.bot,
      lineId: bigLine,
      robots: 1,
      failHangupCount: 2,
      numbers: [num(901), num(902), num(903), num(904)],
    });
    const d = manualDialer(p);
    for (let i = 0; i < 4; i++) {
      await d.cycle();
      await endCalls(k, { task_id: taskId }, () => ({ result: 68 }));
    }
    await d.cycle();
    await d.stop();
    expect(await taskRow(k, taskId)).toMatchObject({ status: 12, run_state: 0, consecutive_failures: 0 });
    expect(await k('calls').where({ task_id: taskId }).count({ n: '*' })).toEqual([{ n: '2' }]);
    expect(
      await k('task_status_log').where({ task_id: taskId, actor: 'system', to_status: 12 }).first(),
    ).toMatchObject({
      reason: '连续 2 次呼叫失败，系统暂停',
      reason_message: { code: 'taskFailureStreak', params: { n: 2 } },
    });
    expect(
      await k('notices')
        .where({ account_id: id.merchant, type: 100, body_key: 'taskSuspended.body' })
        .whereRaw('params @> ?::jsonb', [JSON.stringify({ taskId, status: 12 })])
        .first(),
    ).toBeTruthy();
  });

  it('an ended call of the task holds no robot (slots are the open records)', async () => {
    const taskId = await insertTask(p, {
      accountId: id.merchant,
      botId: id.bot,
      lineId: bigLine,
      numbers: [num(1001)],
      robots: 1,
    });
    await k('calls').insert({
      call_uuid: k.raw('gen_random_uuid()'),
      account_id: id.merchant,
      task_id: taskId,
      bot_id: id.bot,
      bot_version: 1,
      line_id: bigLine,
      phone_masked: 'x',
      phone_hash: 'x',
      status: 'ended',
      settled_at: k.fn.now(),
    });
    const d = manualDialer(p);
    const report = await d.cycle();
    await d.stop();
    expect(report!.dialed).toBe(1);
    // The task's one robot was free: the number was dialed in that same tick.
    expect(await k('calls').where({ task_id: taskId, status: 'dialing' }).first()).toBeTruthy();
    await finishTask(taskId);
  });
});

describe('two schedulers on one database', () => {
  it('never claim one number twice nor reuse a call uuid', async () => {
    const numbers = Array.from({ length: 300 }, (_, i) => num(5000 + i));
    const tasks = [
      await insertTask(p, {
        accountId: id.merchant,
        botId: id.bot,
        lineId: bigLine,
        robots: 30,
        numbers: numbers.slice(0, 150),
      }),
      await insertTask(p, {
        accountId: id.merchant,
        botId: id.bot,
        lineId: bigLine,
        robots: 30,
        numbers: numbers.slice(150),
      }),
    ];
    // No tick lock: both tick at the same moment, so only SKIP LOCKED keeps them apart.
    const a = manualDialer(p, true);
    const b = manualDialer(p, true);
    for (let round = 0; round < 12; round++) {
      await Promise.all([a.cycle(), b.cycle(), a.cycle(), b.cycle()]);
      for (const t of tasks) await endCalls(k, { task_id: t }, () => ({ result: 22, billableMs: 0 }));
    }
    await Promise.all([a.stop(), b.stop()]);
    const rows = await k('calls').whereIn('task_id', tasks).select('task_number_id', 'call_uuid');
    expect(rows.length).toBe(300);
    expect(new Set(rows.map((r) => String(r.task_number_id))).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.call_uuid)).size).toBe(rows.length);
    const jobs = await p.server.deps.queues.dial.getJobs(['waiting']);
    const mine = jobs.filter((j) => tasks.includes(j.data.taskId!));
    expect(new Set(mine.map((j) => j.data.phone)).size).toBe(mine.length);
    // 48 cycles of two schedulers: 10 s on a quiet machine, near 30 on a loaded one.
  }, 90_000);

  it('with the lock, a process ticks only while no other one holds it', async () => {
    const key = `${p.config.redisPrefix}:dialer:lock`;
    const a = manualDialer(p);
    await p.server.deps.redis.set(key, 'another-process', 'PX', 30_000);
    expect(await a.cycle()).toBeNull();
    await p.server.deps.redis.del(key);
    expect(await a.cycle()).not.toBeNull();
    await a.stop();
  });
});
