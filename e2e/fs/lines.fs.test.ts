// Lines and nodes on a real FreeSWITCH: a line edit made through the web API reaches the switch (the
// gateway's proxy changes), a line whose carrier is down (OPTIONS pings fail) pauses its task without
// using up its numbers, and a bot that listens with a recognizer this node lacks is refused with a
// clear reason, its number given back.
import { insertTask } from '../../server/src/dialer/testKit';
import { TaskStatus } from '../../domain/dialer/status';
import { loggedIn } from '../../test/fixtures';
import { announceBot, askingBot, insertBot } from './bots';
import { describeFs } from './describeFs';
import { startFsKit, until, type FsKit } from './kit';

jest.setTimeout(180_000);

describeFs('lines and nodes on the real switch', () => {
  let kit: FsKit;
  let botId: number;

  beforeAll(async () => {
    kit = await startFsKit({
      dialer: true,
      carriers: [
        { name: 'answer', scenario: 'uas-answer' },
        { name: 'edited', scenario: 'uas-busy' },
        { name: 'dead', scenario: 'uas-busy' },
      ],
    });
    botId = await insertBot(kit.k, kit.merchantId, '实呼线路机器人', announceBot());
  }, 120_000);
  afterAll(() => kit?.close());

  const gatewayStatus = (name: string) => kit.api(`sofia status gateway ${name}`);

  it('refuses a bot listening with a recognizer the node lacks, with the reason on the record', async () => {
    // No recognizer chosen on the account's chain: mod_unimrcp, which this switch lacks; a bot that
    // only speaks needs none (domain/bot/speechNeed.ts), so this one asks a question.
    const c = kit.carriers.get('answer')!;
    const asking = await insertBot(kit.k, kit.merchantId, '实呼询问机器人', askingBot());
    const taskId = await insertTask(kit.p, {
      accountId: kit.merchantId,
      botId: asking,
      lineId: c.lineId,
      robots: 1,
      numbers: ['13900000021'],
      status: TaskStatus.Running,
      name: 'fs no recognizer',
    });
    const call = await until(
      'the refused call',
      () => kit.k('calls').where({ task_id: taskId }).first(),
      (r) => r?.status === 'ended',
      30_000,
    );
    expect(call.answered_at).toBeNull();
    expect(JSON.stringify(call.reason)).toContain('mod_unimrcp');
    const number = await until(
      'the number given back',
      () => kit.k('task_numbers').where({ task_id: taskId }).first('state', 'attempts'),
      (n) => n.attempts === 0,
      15_000,
    );
    expect(number.attempts).toBe(0);
  });

  it("applies a line edit on the switch: the gateway's proxy moves to the new port", async () => {
    const c = kit.carriers.get('edited')!;
    const newPort = c.sipp.port + 50;
    expect(await gatewayStatus(c.gateway)).toContain(`${c.sipp.ip}:${c.sipp.port}`);
    const m1 = await loggedIn(kit.p, 'merchant01');
    const row = await kit.k('sip_lines').where({ id: c.lineId }).first();
    const r = await m1.put(`/api/dialcenter/lines/${c.lineId}`, {
      name: row.name,
      serverIp: row.server_ip,
      port: newPort,
      account: row.auth_account,
      password: '',
      callerNumber: row.caller_number,
      prefix: row.prefix,
      codec: row.codec,
      sendRate: `${row.rate_count}/${row.rate_seconds}`,
      portCount: row.port_count,
      mode: row.mode,
      enabled: true,
    });
    if (r.body.code !== 200) throw new Error(`the line edit was refused: ${JSON.stringify(r.body)}`);
    await until(
      `${c.gateway} on the new port`,
      () => gatewayStatus(c.gateway),
      (s) => s.includes(`${c.sipp.ip}:${newPort}`),
      20_000,
      500,
    );
  });

  it('pauses the task of a line whose carrier is down and gives its numbers back', async () => {
    // A line fault comes first whatever the recognizer (media/src/calls/nodeFit.ts).
    const c = kit.carriers.get('dead')!;
    await c.sipp.stop(); // nobody answers the pings any more
    // mod_sofia pings every 30 s (telephonyXml.ts): the gateway goes DOWN at the next failed ping.
    await until(
      'the gateway down',
      () => gatewayStatus(c.gateway),
      (s) => /Status\s+DOWN/.test(s),
      70_000,
      1000,
    );
    const numbers = ['13900000011', '13900000012', '13900000013'];
    const taskId = await insertTask(kit.p, {
      accountId: kit.merchantId,
      botId,
      lineId: c.lineId,
      robots: 2,
      numbers,
      status: TaskStatus.Running,
      name: 'fs dead line',
    });
    const task = await until(
      'the task paused',
      () => kit.k('tasks').where({ id: taskId }).first('status'),
      (t) => t.status === TaskStatus.SystemSuspended,
      30_000,
    );
    expect(task.status).toBe(TaskStatus.SystemSuspended);
    // No number used up: all pending again, no attempt counted, no billed record. The task pauses at
    // the first refused originate; a second claimed number may still be on its way to the switch and
    // comes back when the switch refuses it too.
    const rows = await until(
      'every number back',
      () => kit.k('task_numbers').where({ task_id: taskId }).select('state', 'attempts'),
      (ns) => ns.every((n) => n.state === 0),
      30_000,
    );
    expect(rows).toHaveLength(numbers.length);
    for (const n of rows) expect(n).toMatchObject({ state: 0, attempts: 0 });
    const billed = await kit.k('calls').where({ task_id: taskId }).where('charged_fen', '>', 0);
    expect(billed).toHaveLength(0);
  });
});
