// The AI-visit record a call writes on its customer, in Chromium as merchant01 (issue 23 item 6): the
// call's reason is a code with parameters read in the reader's language (the rule name, the bot
// author's, as written); a record stored before the codes shows its stored text in any language.
import { randomUUID } from 'node:crypto';
import { phoneHash } from '../platform/secrets';
import { ContactMethod, RecordType } from '../domain/crm';
import { maskPhone } from '../domain/format';
import { coded, messageOf } from '../domain/reasons';
import { useE2eEnv } from './support/platform';
import { click, login, newPage, shot, textOf, tid, waitForText } from './support/browser';

const env = useE2eEnv(120_000);
const PHONE = '13600000777';

it("shows an AI-visit record's reason in English and in Chinese; an older record as stored", async () => {
  const p = env.platform;
  const knex = p.db.knex;
  const m1 = Number((await knex('accounts').where({ account: 'merchant01' }).first('id')).id);
  const [customer] = await knex('customers')
    .insert({
      account_id: m1,
      name: '回访客户',
      phone: PHONE,
      phone_hash: phoneHash(p.config.secretKey, PHONE),
    })
    .returning('id');
  const customerId = Number(customer.id);
  const call = async () => {
    const [row] = await knex('calls')
      .insert({
        call_uuid: randomUUID(),
        account_id: m1,
        bot_id: 1,
        bot_version: 1,
        phone_masked: maskPhone(PHONE),
        phone_hash: phoneHash(p.config.secretKey, PHONE),
        status: 'ended',
        result_level: 21,
        grade: 21,
        customer_id: customerId,
      })
      .returning('id');
    return Number(row.id);
  };
  const reason = coded('gradeRule', {
    facts: [
      { code: 'fact_affirm', params: { n: '2' } },
      { code: 'fact_seconds', params: { n: '42' } },
    ],
    rule: '有兴趣',
    grade: 'A',
  });
  const visit = (callId: number, details: string, message: unknown) => ({
    account_id: m1,
    customer_id: customerId,
    record_type: RecordType.FollowUp,
    stage: 200,
    contact_method: ContactMethod.SysAiVisit,
    details,
    details_message: message === null ? null : JSON.stringify(message),
    call_id: callId,
    result_level: 21,
  });
  const [coded1, older] = (
    await knex('follow_ups')
      .insert([
        visit(await call(), reason.text, messageOf(reason)),
        visit(await call(), '意向规则「有兴趣」成立', null),
      ])
      .returning('id')
  ).map((r: { id: string }) => Number(r.id));

  const page = await newPage(env.b, true);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await login(page, p.url, 'merchant01');
  await click(page, 'lang-en');
  await click(page, 'menu-crm/mycustomer');
  await click(page, `open-${customerId}`);
  await page.waitForSelector(`${tid('customer-drawer')}[data-customer="${customerId}"]`);
  await waitForText(page, tid(`follow-up-${coded1}`), 'yes 2 times, talked 42 s → rule “有兴趣” → A');
  expect(await textOf(page, tid(`follow-up-${older}`))).toContain('意向规则「有兴趣」成立');
  await shot(page, 'follow-up-reason-en');

  // In Chinese: the zh-CN rendering, the same as the stored text.
  await click(page, 'drawer-close');
  await page.waitForSelector(tid('customer-drawer'), { hidden: true });
  await click(page, 'lang-zh-CN');
  await click(page, `open-${customerId}`);
  await waitForText(page, tid(`follow-up-${coded1}`), '肯定2次、通话42秒 → 规则「有兴趣」→ A');
  expect(await textOf(page, tid(`follow-up-${coded1}`))).not.toContain('talked');
  expect(errors).toEqual([]);
  await page.browserContext().close();
});
