// The SSRF guard: a push goes only to public addresses unless the super administrator allows
// private targets. The host is resolved here (every address it has), every address is checked, and
// the request then connects to the checked address (send.ts pins it), so a DNS answer that changes
// between the check and the connect cannot redirect the push.
import dns from 'node:dns/promises';
import net from 'node:net';
import { blockedAddressReason, type BlockedReason } from '../../../../domain/pushes';

export interface Target {
  url: URL;
  /** Host name without IPv6 brackets. */
  host: string;
  address: string;
  family: 4 | 6;
}

export class TargetRefused extends Error {
  constructor(
    readonly why: 'blocked' | 'unresolvable' | 'url',
    readonly address: string,
    readonly reason: BlockedReason | null = null,
  ) {
    super(
      why === 'blocked'
        ? `refused: ${address} is ${reason} (private targets are not allowed)`
        : why === 'unresolvable'
          ? `cannot resolve ${address}`
          : `not an http(s) url: ${address}`,
    );
  }
}

export type Lookup = (host: string) => Promise<{ address: string; family: number }[]>;

const systemLookup: Lookup = (host) => dns.lookup(host, { all: true, verbatim: true });

export async function checkTarget(
  rawUrl: string,
  allowPrivate: boolean,
  lookup: Lookup = systemLookup,
): Promise<Target> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new TargetRefused('url', rawUrl);
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.username ||
    url.password ||
    !url.hostname
  )
    throw new TargetRefused('url', rawUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    try {
      addresses = await lookup(host);
    } catch {
      throw new TargetRefused('unresolvable', host);
    }
    if (!addresses.length) throw new TargetRefused('unresolvable', host);
  }
  if (!allowPrivate)
    for (const a of addresses) {
      const reason = blockedAddressReason(a.address);
      if (reason) throw new TargetRefused('blocked', a.address, reason);
    }
  const first = addresses[0]!;
  return { url, host, address: first.address, family: first.family === 6 ? 6 : 4 };
}
