// Pushes go through the shared outbound-request guard (config/outbound/guard.ts): public addresses
// only, unless the host is on the super administrator's allow-list or the pushes page's older
// switch allows every private target. The host is resolved once and the push connects to the
// checked address (send.ts pins it), so a DNS answer that changes in between cannot move it.
import type { Knex } from 'knex';
import {
  resolveTarget,
  type Lookup,
  type OutboundPolicy,
  type Target,
} from '../../../../config/outbound/guard';
import { outboundPolicy } from '../../lib/outbound';
import { allowPrivateTargets } from './repo';

export {
  OutboundRefused as TargetRefused,
  type Lookup,
  type Target,
} from '../../../../config/outbound/guard';

/** The policy pushes are sent under now: the allow-list plus the pushes page's switch. */
export const pushPolicy = async (db: Knex): Promise<OutboundPolicy> =>
  outboundPolicy(db, await allowPrivateTargets(db));

export const checkTarget = (rawUrl: string, policy: OutboundPolicy, lookup?: Lookup): Promise<Target> =>
  resolveTarget(rawUrl, policy, lookup);
