// Call records in Chromium as merchant01: records are listed, the grade filter narrows them, opening
// one shows its transcript and the engine's reasons, its voices play from a blob src (fetched with the
// session), a missing file says so, and the outbound page shows outbound records only.
import { randomUUID } from 'node:crypto';
import { phoneHash } from '../platform/secrets';
import { maskPhone } from '../domain/format';
import { coded, extendReason } from '../domain/reasons';
import { writeRecording } from '../server/src/modules/callrecords/testHelpers';
import { useE2eEnv } from './support/platform';
import { click, login, newPage, shot, textOf, tid, waitForText } from './support/browser';

const env = useE2eEnv(120_000);

async function insertCall(accountId: number, phone: string, over: Record<string, unknown>) {
  const p = env.platform;
  const [row] = await p.db
    .knex('calls')
    .insert({
      call_uuid: randomUUID(),
      account_id: accountId,
      bot_id: 1,
      bot_version: 1,
      phone_masked: maskPhone(phone),
      phone_hash: phoneHash(p.config.secretKey, phone),
      status: 'ended',
      ...over,
    })
    .returning('id');
  return Number(row.id);
}

it('lists records, filters by grade, opens one and plays its conversation', async () => {
  const knex = env.platform.db.knex;
  const m1 = Number((await knex('accounts').where({ account: 'merchant01' }).first('id')).id);
  const wav = writeRecording(`e2e-${Date.now()}.wav`);
  const graded = await insertCall(m1, '13700000001', {
    grade: 21,
    result_level: 21,
    talk_ms: 42_000,
    labels: ['价格'],
    recording_path: wav,
    reason: JSON.stringify({ kind: 'rule', text: '意向规则「有兴趣」成立' }),
  });
  const missed = await insertCall(m1, '13700000002', { result_level: 68 });
  await insertCall(m1, '13700000003', { result_level: 63, direction: 'in' });
  await knex('conversation_lines').insert([
    {
      call_id: graded,
      seq: 1,
      khtype: 'robot',
      khcontent: '您好，请问您最近有贷款需要吗？',
      khvoicepath: ['/tmp/callplat-prompts/not-there.wav'],
      reason: JSON.stringify({ kind: 'flow', text: '主流程开场白' }),
    },
    {
      call_id: graded,
      seq: 2,
      khtype: 'customer',
      khcontent: '有的，利率多少',
      khvoicepath: [`${wav}#t=0.05`],
    },
  ]);

  const page = await newPage(env.b, true);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await login(page, env.platform.url, 'merchant01');
  await click(page, 'menu-crm/dialrecord');
  await page.waitForSelector(tid(`record-row-${graded}`));
  await page.waitForSelector(tid(`record-row-${missed}`));
  expect(await textOf(page, tid(`grade-${missed}`))).toBe('无人接听');
  expect(await textOf(page, tid(`grade-${graded}`))).toBe('A 意向强');
  await shot(page, 'call-records-list');

  // Filter by grade A: only the graded record stays.
  await click(page, 'filter-level-21');
  await click(page, 'filter-search');
  await page.waitForSelector(tid(`record-row-${missed}`), { hidden: true });
  expect(await page.$$eval('[data-testid^="record-row-"]', (els) => els.length)).toBe(1);

  // Open it: the transcript, the reasons, a playable voice and a missing one.
  await click(page, `open-${graded}`);
  await waitForText(page, tid('line-text-2'), '有的，利率多少');
  expect(await textOf(page, tid('line-text-1'))).toBe('您好，请问您最近有贷款需要吗？');
  expect(await textOf(page, tid('detail-reason'))).toContain('意向规则「有兴趣」成立');
  expect(await textOf(page, tid('line-reason-1'))).toContain('主流程开场白');
  expect(await textOf(page, tid('line-audio-1-0-missing'))).toBe('音频文件已丢失');
  const audio = await page.waitForSelector(tid('line-audio-2-0'));
  expect(await audio!.evaluate((a) => (a as HTMLAudioElement).src)).toMatch(/^blob:.*#t=0\.05$/);
  // The browser has read the file: it is a playable WAV.
  await page.waitForFunction(
    (sel) => (document.querySelector(sel) as HTMLAudioElement).readyState >= 1,
    {},
    tid('line-audio-2-0'),
  );
  expect(await audio!.evaluate((a) => (a as HTMLAudioElement).duration)).toBeGreaterThan(0);
  await shot(page, 'call-records-detail');
  await page.keyboard.press('Escape');
  await page.waitForSelector(tid('record-drawer'), { hidden: true });
  // Opening marked it read.
  expect(await textOf(page, tid(`read-${graded}`))).toBe('是');

  // The outbound page shows outbound records only.
  await click(page, 'menu-dialcenter/callout');
  await page.waitForSelector(`${tid('call-records-page')}[data-view="callout"]`);
  await page.waitForSelector(tid(`record-row-${missed}`));
  expect(await page.$$eval('[data-testid^="record-row-"]', (els) => els.length)).toBe(2);
  expect(errors).toEqual([]);
  await page.browserContext().close();
});

it("shows a record's reasons in the reader's language; bot content and older rows as stored", async () => {
  const knex = env.platform.db.knex;
  const m1 = Number((await knex('accounts').where({ account: 'merchant01' }).first('id')).id);
  // Reasons as the engine and the grade store them (domain/reasons.ts): a code, its parameters, the
  // zh-CN text. The node, branch and rule names are the bot author's and stay as written.
  const lineReason = {
    kind: 'start',
    ...extendReason(coded('startFlow', { flow: '主流程' }), 'enterNode', { node: '开场白' }),
  };
  const gradeReason = {
    kind: 'rule',
    ...coded('gradeRule', {
      facts: [
        { code: 'fact_affirm', params: { n: '2' } },
        { code: 'fact_seconds', params: { n: '42' } },
      ],
      rule: '有兴趣',
      grade: 'A',
    }),
  };
  const id = await insertCall(m1, '13700000011', {
    grade: 21,
    result_level: 21,
    talk_ms: 42_000,
    reason: JSON.stringify(gradeReason),
  });
  await knex('conversation_lines').insert([
    {
      call_id: id,
      seq: 1,
      khtype: 'robot',
      khcontent: '您好',
      khvoicepath: [],
      reason: JSON.stringify(lineReason),
    },
    // A line stored before reasons had codes: its text, in any language.
    {
      call_id: id,
      seq: 2,
      khtype: 'robot',
      khcontent: '好的',
      khvoicepath: [],
      reason: JSON.stringify({ kind: 'branch', text: '节点「开场白」分支「肯定」命中「可以」' }),
    },
  ]);

  const page = await newPage(env.b, true);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await login(page, env.platform.url, 'merchant01');
  await click(page, 'lang-en');
  await click(page, 'menu-crm/dialrecord');
  await click(page, `open-${id}`);
  await waitForText(page, tid('detail-reason'), 'yes 2 times, talked 42 s → rule “有兴趣” → A');
  expect(await textOf(page, tid('line-reason-1'))).toBe(
    'Reason: Answered, started main flow “主流程”, entered node “开场白”',
  );
  expect(await textOf(page, tid('line-reason-2'))).toBe('Reason: 节点「开场白」分支「肯定」命中「可以」');
  await shot(page, 'call-records-reason-en');

  // The same record in Chinese reads as the stored text.
  await page.keyboard.press('Escape');
  await page.waitForSelector(tid('record-drawer'), { hidden: true });
  await click(page, 'lang-zh-CN');
  await click(page, `open-${id}`);
  await waitForText(page, tid('detail-reason'), gradeReason.text);
  expect(await textOf(page, tid('detail-reason'))).toBe('肯定2次、通话42秒 → 规则「有兴趣」→ A');
  expect(await textOf(page, tid('line-reason-1'))).toContain(lineReason.text);
  expect(errors).toEqual([]);
  await page.browserContext().close();
});
