// Demo bots (domain/bot/demo): published and online for the demo merchant, and the same bots as
// published market templates of the super administrator. Runs again harmlessly: a bot whose name
// the account already has is skipped. Prompts are rendered when the media worker first publishes
// or syncs them; recordings are not part of the demo.
import type { Knex } from 'knex';
import { DEMO_ACCOUNTS } from '../config/demo';
import { DEMO_BOTS } from '../domain/bot/demo';

async function seedBot(
  trx: Knex.Transaction,
  accountId: number,
  demo: (typeof DEMO_BOTS)[number],
  template: boolean,
): Promise<void> {
  const exists = await trx('bots')
    .where({ account_id: accountId, name: demo.name })
    .whereNull('deleted_at')
    .first('id');
  if (exists) return;
  const [bot] = await trx('bots')
    .insert({
      account_id: accountId,
      name: demo.name,
      industry: demo.industry,
      industry_subtype: demo.industrySubtype,
      description: demo.description,
      status: 'online',
      enabled: true,
      is_template: template,
      template_published: template,
      draft: JSON.stringify(demo.definition),
      published_version: 1,
    })
    .returning('id');
  await trx('bot_versions').insert({
    bot_id: bot.id,
    version: 1,
    definition: JSON.stringify(demo.definition),
    created_by: accountId,
  });
}

export async function seed(knex: Knex): Promise<void> {
  const [superDemo, merchantDemo] = DEMO_ACCOUNTS;
  const ids = await knex('accounts')
    .whereIn('account', [superDemo.account, merchantDemo.account])
    .select('id', 'account');
  const idOf = (name: string) => ids.find((r) => r.account === name)?.id as number | undefined;
  const sa = idOf(superDemo.account);
  const merchant = idOf(merchantDemo.account);
  if (!sa || !merchant) return;
  await knex.transaction(async (trx) => {
    for (const demo of DEMO_BOTS) {
      await seedBot(trx, Number(merchant), demo, false);
      await seedBot(trx, Number(sa), demo, true);
    }
  });
}
