// The demo's call floor, for `npm start` only (the tests build their own floors): merchant01's seat
// group (the demo bots transfer to seat group 1, the first one on a fresh database), a seat with
// SIP extension 8001 worked by operator01 (its web softphone registers it), and two reception
// scenes for inbound calls: 4008001000 answered by merchant01's first bot, 4008002000 ringing the
// seat group. Runs again harmlessly: what exists by name is left alone.
import type { Knex } from 'knex';
import { loadConfig } from '../config';
import { DEMO_ACCOUNTS } from '../config/demo';
import { encryptSecret } from '../platform/secrets';
import { DEMO_LINE_NAME } from '../seeds/03-telephony';
import { DEMO_BOTS } from '../domain/bot/demo';

/** The seat group the demo bots' transfer nodes name (domain/bot/demo). */
const DEMO_BOT_GROUP = 1;

export const DEMO_FLOOR = {
  group: '演示坐席组',
  seat: { name: '演示坐席', extension: '8001', authName: 'seat8001', password: 'seat8001-pass' },
  scenes: [
    { name: '演示呼入-机器人', did: '4008001000', target: 'bot' },
    { name: '演示呼入-坐席组', did: '4008002000', target: 'seatGroup' },
  ],
} as const;

/** The definition with every transfer to seat group `from` sent to `to` instead. */
export function retargetTransfers(def: unknown, from: number, to: number): unknown {
  if (Array.isArray(def)) return def.map((x) => retargetTransfers(x, from, to));
  if (!def || typeof def !== 'object') return def;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(def))
    out[k] = k === 'seatGroupId' && v === from ? to : retargetTransfers(v, from, to);
  return out;
}

/**
 * The demo bots transfer to seat group 1, the demo group on a fresh database. When the demo group got
 * another id (groups made before it), merchant01's demo bots are pointed at it, draft and versions:
 * else every lead would end "seat group does not exist" and no pop-up would ever ring.
 */
async function pointDemoBotsAt(trx: Knex.Transaction, merchantId: number, groupId: number): Promise<void> {
  if (groupId === DEMO_BOT_GROUP) return;
  const bots = await trx('bots')
    .where({ account_id: merchantId })
    .whereIn(
      'name',
      DEMO_BOTS.map((b) => b.name),
    )
    .whereNull('deleted_at')
    .select('id', 'draft');
  for (const b of bots) {
    const draft = typeof b.draft === 'string' ? JSON.parse(b.draft) : b.draft;
    await trx('bots')
      .where({ id: b.id })
      .update({ draft: JSON.stringify(retargetTransfers(draft, DEMO_BOT_GROUP, groupId)) });
    for (const v of await trx('bot_versions').where({ bot_id: b.id }).select('id', 'definition')) {
      const def = typeof v.definition === 'string' ? JSON.parse(v.definition) : v.definition;
      await trx('bot_versions')
        .where({ id: v.id })
        .update({ definition: JSON.stringify(retargetTransfers(def, DEMO_BOT_GROUP, groupId)) });
    }
  }
}

export async function seedDemoFloor(knex: Knex): Promise<void> {
  const key = loadConfig().secretKey;
  const merchant = await knex('accounts').where({ account: DEMO_ACCOUNTS[1].account }).first('id');
  const operator = await knex('accounts').where({ account: DEMO_ACCOUNTS[2].account }).first('id');
  if (!merchant || !operator) return;
  await knex.transaction(async (trx) => {
    let group = await trx('seat_groups')
      .where({ account_id: merchant.id, name: DEMO_FLOOR.group })
      .first('id');
    if (!group)
      [group] = await trx('seat_groups')
        .insert({ account_id: merchant.id, name: DEMO_FLOOR.group, description: '演示：机器人转人工到此组' })
        .returning('id');
    await pointDemoBotsAt(trx, Number(merchant.id), Number(group.id));
    const s = DEMO_FLOOR.seat;
    const taken = await trx('seats')
      .where({ user_id: operator.id })
      .orWhere({ extension: s.extension })
      .orWhere({ account_id: merchant.id, name: s.name })
      .first('id');
    if (!taken)
      await trx('seats').insert({
        account_id: merchant.id,
        group_id: group.id,
        name: s.name,
        type: 'extension',
        extension: s.extension,
        auth_name: s.authName,
        auth_password_enc: encryptSecret(key, s.password),
        user_id: operator.id,
      });
    const line = await trx('sip_lines').where({ account_id: merchant.id, name: DEMO_LINE_NAME }).first('id');
    // The scenes' numbers are numbers of the demo line (a scene may only take its line's numbers).
    if (line)
      await trx('sip_lines')
        .where({ id: line.id })
        .update({
          dids: trx.raw('(SELECT array_agg(DISTINCT d ORDER BY d) FROM unnest(dids || ?::text[]) AS d)', [
            DEMO_FLOOR.scenes.map((x) => x.did),
          ]),
        });
    const bot = await trx('bots')
      .where({ account_id: merchant.id })
      .whereNotNull('published_version')
      .orderBy('id')
      .first('id');
    for (const scene of DEMO_FLOOR.scenes) {
      if (
        await trx('scenes')
          .where({ did: scene.did })
          .orWhere({ account_id: merchant.id, name: scene.name })
          .first('id')
      )
        continue;
      if (scene.target === 'bot' && !bot) continue;
      await trx('scenes').insert({
        account_id: merchant.id,
        name: scene.name,
        did: scene.did,
        line_id: line?.id ?? null,
        target: scene.target,
        bot_id: scene.target === 'bot' ? bot.id : null,
        seat_group_id: scene.target === 'seatGroup' ? group.id : null,
      });
    }
  });
}
