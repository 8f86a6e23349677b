// Blacklist rules: who may change which list, and the bulk add's report.
import type { z } from 'zod';
import type { Deps } from '../../../deps';
import { forbidden, notFound } from '../../../http/errors';
import { phoneHash } from '../../../../../platform/secrets';
import type { AuthContext } from '../../auth/sessions';
import { insertEntries, listEntries, removeEntries } from './repo';
import type { addBlacklistSchema, listBlacklistSchema } from './schema';
import { normalizePhone } from './numbers';

/**
 * One list. The platform list is the super administrator's alone, to read too (issue 21): which
 * numbers the platform blocks is the operator's knowledge, not a merchant's (their calls to those
 * numbers are still refused, as the dialer checks every list).
 */
export async function entriesOf(deps: Deps, auth: AuthContext, q: z.infer<typeof listBlacklistSchema>) {
  if (q.scope === 'platform' && auth.actor.level !== 0) throw forbidden('blacklist.platformHidden');
  return listEntries(deps.db, auth.actor, q);
}

export async function addNumbers(deps: Deps, auth: AuthContext, v: z.infer<typeof addBlacklistSchema>) {
  // The platform list is the super administrator's; everyone else adds to its own list.
  if (v.scope === 'platform' && auth.actor.level !== 0) throw forbidden('blacklist.platformOnly');
  const invalid: { index: number; value: string }[] = [];
  const rows = new Map<
    string,
    { accountId: number | null; phone: string; phoneHash: string; reason: string; createdBy: number }
  >();
  v.phones.forEach((value, index) => {
    const phone = normalizePhone(value);
    if (!phone) return void invalid.push({ index, value });
    const hash = phoneHash(deps.config.secretKey, phone);
    // The same number twice in one request counts as a duplicate, like one already listed.
    if (!rows.has(hash))
      rows.set(hash, {
        accountId: v.scope === 'platform' ? null : auth.actor.id,
        phone,
        phoneHash: hash,
        reason: v.reason,
        createdBy: auth.actor.id,
      });
  });
  const added = await insertEntries(deps.db, [...rows.values()]);
  return { added, duplicates: v.phones.length - invalid.length - added, invalid };
}

export async function removeNumbers(deps: Deps, auth: AuthContext, ids: number[]) {
  const removed = await removeEntries(deps.db, auth.actor, ids);
  // Nothing of the caller's: another tenant's ids look exactly like missing ones.
  if (!removed) throw notFound();
  return { removed };
}
