// Whose sea a caller works with. The sea of a tree belongs to its head: the nearest merchant
// (level 2) or self-registered account (each registrant is a tenant of its own, issue 21) on the
// caller's path, itself included. The super administrator's sea is its own; an account the super
// administrator made with no head above it shares the root's sea, so every customer of a tree has
// exactly one sea (autoRelease.ts relies on it).
import type { Knex } from 'knex';
import type { Actor } from '../../../db/scope';

import { pathIds } from '../../../../../domain/accountPath';

export { pathIds };

export async function seaOwnerOf(db: Knex, actor: Actor): Promise<number> {
  if (actor.level !== 1) return actor.id;
  const ids = pathIds(actor.path);
  const merchants = await db('accounts')
    .whereIn('id', ids)
    .where((q) => q.where('level', 2).orWhere('self_registered', true))
    .select('id');
  const held = new Set(merchants.map((m: { id: string }) => Number(m.id)));
  for (let i = ids.length - 1; i >= 0; i--) if (held.has(ids[i]!)) return ids[i]!;
  return ids[0] ?? actor.id;
}
