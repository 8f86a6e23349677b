// The outbound-request guard: every server-side request to an address a tenant typed (push hooks,
// LLM base URLs, TTS endpoints, anything later) passes here first. Shared by server and media (both
// may import config/). Rules:
// - http or https only, no user:password@ in the URL, a host name;
// - the port rule of domain/netAddress (80, 443, 1024-65535 except data-store ports);
// - the host is resolved ONCE and every address it has is checked (loopback, private, CGNAT,
//   link-local/metadata, multicast, reserved, IPv6 local ranges, mapped/NAT64/6to4 IPv4s judged by
//   the IPv4 inside, local-use NAT64 and Teredo refused); the request then connects to the checked
//   address (request.ts pins it), so a DNS answer that changes in between cannot move it;
// - a host on the super administrator's allow-list may be private and use any port.
// IPv4 written as 2130706433, 0177.0.0.1, 0x7f.1 or 127.1 is normalised by WHATWG URL to 127.0.0.1
// before any check, and whatever a name resolves to is checked as an address, so no spelling slips by.
import dns from 'node:dns/promises';
import net from 'node:net';
import { blockedAddressReason, hostKey, portAllowed, type BlockedReason } from '../../domain/netAddress';

export interface OutboundPolicy {
  /** Host keys (domain/netAddress normaliseAllowHost) the super administrator allows. */
  allowHosts: ReadonlySet<string>;
  /** The pushes page's older switch: every private address allowed (super administrator only). */
  allowAllPrivate?: boolean;
}

export const STRICT: OutboundPolicy = { allowHosts: new Set() };

export type RefusedWhy = 'url' | 'port' | 'blocked' | 'unresolvable';

export class OutboundRefused extends Error {
  constructor(
    readonly why: RefusedWhy,
    /** The address, host or URL refused (what the message names). */
    readonly address: string,
    readonly reason: BlockedReason | null = null,
  ) {
    super(
      why === 'blocked'
        ? `refused: ${address} is ${reason} (private targets are not allowed)`
        : why === 'unresolvable'
          ? `cannot resolve ${address}`
          : why === 'port'
            ? `refused: port ${address} is not allowed`
            : `not an http(s) url: ${address.slice(0, 200)}`,
    );
  }
}

export interface CheckedUrl {
  url: URL;
  /** Host name without IPv6 brackets. */
  host: string;
  port: number;
  allowListed: boolean;
}

export interface Target extends CheckedUrl {
  address: string;
  family: 4 | 6;
}

export type Lookup = (host: string) => Promise<{ address: string; family: number }[]>;

const systemLookup: Lookup = (host) => dns.lookup(host, { all: true, verbatim: true });

const mayBePrivate = (policy: OutboundPolicy, allowListed: boolean) =>
  allowListed || policy.allowAllPrivate === true;

/**
 * The checks that need no DNS: scheme, credentials, port, and an IP literal's range. What a form
 * save can refuse at once; `resolveTarget` adds the rest before any request.
 */
export function checkUrl(rawUrl: string, policy: OutboundPolicy = STRICT): CheckedUrl {
  let url: URL;
  try {
    url = new URL(rawUrl.trim());
  } catch {
    throw new OutboundRefused('url', rawUrl);
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.username ||
    url.password ||
    !url.hostname
  )
    throw new OutboundRefused('url', rawUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const allowListed = policy.allowHosts.has(hostKey(host));
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  if (!portAllowed(port, allowListed)) throw new OutboundRefused('port', String(port));
  if (net.isIP(host) && !mayBePrivate(policy, allowListed)) {
    const reason = blockedAddressReason(host);
    if (reason) throw new OutboundRefused('blocked', host, reason);
  }
  return { url, host, port, allowListed };
}

/** Every check, DNS included: the address to connect to (pinned), or OutboundRefused. */
export async function resolveTarget(
  rawUrl: string,
  policy: OutboundPolicy = STRICT,
  lookup: Lookup = systemLookup,
): Promise<Target> {
  const checked = checkUrl(rawUrl, policy);
  const { host } = checked;
  let addresses: { address: string; family: number }[];
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    try {
      addresses = await lookup(host);
    } catch {
      throw new OutboundRefused('unresolvable', host);
    }
    if (!addresses.length) throw new OutboundRefused('unresolvable', host);
  }
  if (!mayBePrivate(policy, checked.allowListed))
    for (const a of addresses) {
      const reason = blockedAddressReason(a.address);
      if (reason) throw new OutboundRefused('blocked', a.address, reason);
    }
  const first = addresses[0]!;
  return { ...checked, address: first.address, family: first.family === 6 ? 6 : 4 };
}
