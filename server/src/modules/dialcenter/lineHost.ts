// A SIP line's server address at save (issue 21, item 7): FreeSWITCH registers to and sends calls at
// it, so a tenant's line could otherwise make the switch talk SIP to the platform's own hosts. A
// literal loopback, private, link-local, CGNAT, multicast or reserved IPv4 (domain/netAddress.ts, the
// outbound guard's ranges) and `localhost` are refused unless the super administrator has put that
// host on the outbound allow-list (config/outbound/policy.ts). The form only takes strict dotted quads
// (no octal, hex or short forms) or host names.
//
// Note: this is a static check. A host NAME is not resolved here: FreeSWITCH resolves it when it
// registers or dials, and a name pointing at an internal address is not caught (the outbound guard's
// DNS pinning cannot apply to sofia's own resolver). Keeping the switch's network apart from the
// platform's internal services is the deployment's side of this.
import type { Knex } from 'knex';
import { allowHosts } from '../../../../config/outbound/policy';
import { blockedAddressReason, hostKey, parseIPv4 } from '../../../../domain/netAddress';
import { fieldError } from '../../http/errors';

/** Why this literal address is internal, or null (a public IPv4, or a host name). */
export function internalLineHost(host: string): string | null {
  const h = hostKey(host);
  if (h === 'localhost' || h.endsWith('.localhost')) return 'loopback';
  return parseIPv4(h) ? blockedAddressReason(h) : null;
}

/**
 * Refuses a new or changed internal server address (400 on serverIp). `previous` is the stored address
 * on an edit: a line already there (say the demo's simulator line) can still be edited.
 */
export async function requirePublicLineHost(db: Knex, host: string, previous?: string): Promise<void> {
  if (previous !== undefined && hostKey(previous) === hostKey(host)) return;
  if (!internalLineHost(host)) return;
  if ((await allowHosts(db)).includes(hostKey(host))) return;
  throw fieldError('serverIp', 'outbound.blocked', { address: host });
}
