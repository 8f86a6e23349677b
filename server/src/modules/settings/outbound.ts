// The outbound-request guard's allow-list (/api/settings/outbound-allowlist): hosts the super
// administrator lets server-side requests reach although they are loopback, private or reserved
// (config/outbound/guard.ts). Read by every guarded request in server and media; replaced whole.
import { z } from 'zod';
import {
  ALLOW_HOSTS_MAX,
  normaliseAllowHost,
  type OutboundAllowListDto,
} from '../../../../domain/netAddress';
import { allowHosts } from '../../../../config/outbound/policy';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import type { AuthContext } from '../auth/sessions';

export const allowListSchema = z.object({
  hosts: z
    .array(z.string('outbound.allowHost').max(253, 'outbound.allowHost'), 'outbound.allowHost')
    .max(ALLOW_HOSTS_MAX, 'outbound.allowHost'),
});

export async function getAllowList(deps: Deps): Promise<OutboundAllowListDto> {
  return { hosts: await allowHosts(deps.db) };
}

export async function putAllowList(
  deps: Deps,
  auth: AuthContext,
  v: z.infer<typeof allowListSchema>,
): Promise<OutboundAllowListDto> {
  const hosts = new Set<string>();
  const bad: { path: string; key: 'outbound.allowHost' }[] = [];
  v.hosts.forEach((h, i) => {
    const key = normaliseAllowHost(h);
    if (key) hosts.add(key);
    else bad.push({ path: `hosts.${i}`, key: 'outbound.allowHost' });
  });
  if (bad.length) throw new AppError(400, 400, 'badRequest', {}, null, bad);
  await deps.db.transaction(async (trx) => {
    await trx('outbound_allow_hosts').delete();
    if (hosts.size)
      await trx('outbound_allow_hosts').insert(
        [...hosts].map((host) => ({ host, created_by: auth.actor.id })),
      );
  });
  return getAllowList(deps);
}
