// Set-up shared by the dialer's integration tests: tasks and numbers written straight into the tables,
// calls closed by hand (for tests without a media worker), and cycles of a scheduler driven by the
// test (tickMs 0: no timer; each cycle() settles, ticks and sends progress once).
import type { Knex } from 'knex';
import { phoneHash } from '../../../platform/secrets';
import { maskPhone } from '../../../domain/format';
import type { TestPlatform } from '../../../test/harness';
import { startDialer, type Dialer } from './scheduler';

/** A window open all day (12:00–00:00 runs to midnight). */
export const ALL_DAY = ['00:00-12:00', '12:00-00:00'];

export interface TaskSpec {
  accountId: number;
  botId: number;
  lineId: number;
  robots?: number;
  numbers: string[];
  status?: number;
  callPeriods?: string[];
  failHangupCount?: number;
  redial?: { enabled: boolean; count: number; intervalMinutes: number; levels: number[] };
  name?: string;
}

export async function insertTask(p: TestPlatform, s: TaskSpec): Promise<number> {
  const k = p.db.knex;
  const status = s.status ?? 4;
  const [t] = await k('tasks')
    .insert({
      account_id: s.accountId,
      name: s.name ?? 'dialer test',
      bot_id: s.botId,
      robots: s.robots ?? 2,
      start_date: '2020-01-01',
      call_periods: s.callPeriods ?? ALL_DAY,
      fail_hangup_count: s.failHangupCount ?? 0,
      redial_enabled: s.redial?.enabled ?? false,
      redial_count: s.redial?.count ?? 1,
      redial_interval_min: s.redial?.intervalMinutes ?? 0,
      redial_levels: s.redial?.levels ?? [],
      line_id: s.lineId,
      status,
      run_state: status === 2 ? 2 : 1,
    })
    .returning('id');
  const id = Number(t.id);
  await addNumbers(p, id, s.accountId, s.numbers);
  return id;
}

export async function addNumbers(p: TestPlatform, taskId: number, accountId: number, numbers: string[]) {
  if (!numbers.length) return;
  await p.db.knex('task_numbers').insert(
    numbers.map((n) => ({
      task_id: taskId,
      account_id: accountId,
      phone: n,
      phone_hash: phoneHash(p.config.secretKey, n),
      phone_masked: maskPhone(n),
    })),
  );
}

export const hashOf = (p: TestPlatform, n: string) => phoneHash(p.config.secretKey, n);

/**
 * Closes the open calls of a task as the media worker would (tests without a worker): originated
 * (a call never originated is no attempt: its number goes back to the task, returnUndialled.ts).
 */
export async function endCalls(
  k: Knex,
  where: Record<string, unknown>,
  f: (row: { phone_masked: string; id: string }) => { result: number; billableMs?: number },
): Promise<number> {
  const open = await k('calls').where(where).whereNot('status', 'ended').select('id', 'phone_masked');
  for (const r of open) {
    const o = f(r);
    await k('calls')
      .where({ id: r.id })
      .update({
        status: 'ended',
        originated_at: k.raw('coalesce(originated_at, now())'),
        result_level: o.result,
        grade: o.result >= 21 && o.result <= 26 ? o.result : null,
        talk_ms: o.billableMs ?? 0,
        billable_ms: o.billableMs ?? 0,
        ended_at: k.fn.now(),
      });
  }
  return open.length;
}

/** A scheduler without a timer: the test calls cycle(). */
export const manualDialer = (p: TestPlatform, noLock = false): Dialer =>
  startDialer(p.server.deps, { tickMs: 0, noLock });

export async function ids(p: TestPlatform) {
  const k = p.db.knex;
  const m = await k('accounts').where({ account: 'merchant01' }).first('id');
  const op = await k('accounts').where({ account: 'operator01' }).first('id');
  const line = await k('sip_lines').where({ name: 'sim-line-1' }).first('id');
  const bot = await k('bots')
    .where({ account_id: m.id, status: 'online' })
    .whereNotNull('published_version')
    .orderBy('id')
    .first('id');
  return { merchant: Number(m.id), operator: Number(op.id), line: Number(line.id), bot: Number(bot.id) };
}

export async function taskRow(k: Knex, id: number) {
  return k('tasks').where({ id }).first();
}
