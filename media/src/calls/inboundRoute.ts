// Which scene answers a dialed number (domain/scenes.ts sceneTarget): the scene row by DID with its
// bot's published version as it is now (a bot that is disabled, offline or deleted has none).
import type { Knex } from 'knex';
import { sceneTarget, type InboundRoute } from '../../../domain/scenes';

export async function routeOf(db: Knex, did: string | null): Promise<InboundRoute> {
  if (!did) return sceneTarget(null);
  const r = await db('scenes as s')
    .leftJoin('bots as b', function () {
      this.on('b.id', 's.bot_id').andOnNull('b.deleted_at').andOn('b.enabled', db.raw('true'));
    })
    .where('s.did', did)
    .first(
      's.id',
      's.account_id',
      's.line_id',
      's.enabled',
      's.target',
      's.bot_id',
      's.seat_group_id',
      's.wait_seconds',
      'b.published_version',
      'b.status as bot_status',
    );
  if (!r) return sceneTarget(null);
  return sceneTarget({
    id: Number(r.id),
    accountId: Number(r.account_id),
    // A scene whose line was removed answers nothing: its calls are turned away like a disabled one.
    lineId: Number(r.line_id),
    enabled: r.enabled && r.line_id !== null,
    target: r.target,
    botId: r.bot_id === null ? null : Number(r.bot_id),
    botVersion:
      r.published_version !== null && r.bot_status === 'online' ? Number(r.published_version) : null,
    seatGroupId: r.seat_group_id === null ? null : Number(r.seat_group_id),
    waitSeconds: Number(r.wait_seconds),
  });
}
