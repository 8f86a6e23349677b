// The address rules of the outbound-request guard (config/outbound): which IP addresses and ports a
// server-side request to a tenant-given address may reach, and how an allow-list entry is written.
// Pure (no Node APIs): the guard resolves names and calls these on every address it gets.

/** Strict dotted-quad IPv4 (what a resolver returns and WHATWG URL prints), or null. */
export function parseIPv4(s: string): number[] | null {
  const parts = s.split('.');
  if (parts.length !== 4) return null;
  const out: number[] = [];
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || (p.length > 1 && p.startsWith('0'))) return null;
    const n = Number(p);
    if (n > 255) return null;
    out.push(n);
  }
  return out;
}

/** Eight 16-bit groups, or null. Accepts `::` and a trailing dotted IPv4; a zone (`%eth0`) is dropped. */
export function parseIPv6(input: string): number[] | null {
  let s = input.replace(/^\[|\]$/g, '');
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  if (!s.includes(':')) return null;
  const lastColon = s.lastIndexOf(':');
  const last = s.slice(lastColon + 1);
  if (last.includes('.')) {
    const v4 = parseIPv4(last);
    if (!v4) return null;
    const hex = (hi: number, lo: number) => ((hi << 8) | lo).toString(16);
    s = `${s.slice(0, lastColon + 1)}${hex(v4[0]!, v4[1]!)}:${hex(v4[2]!, v4[3]!)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const parse = (h: string) =>
    (h === '' ? [] : h.split(':')).map((g) => (/^[0-9a-fA-F]{1,4}$/.test(g) ? parseInt(g, 16) : NaN));
  const a = parse(halves[0]!);
  const b = halves.length === 2 ? parse(halves[1]!) : [];
  if ([...a, ...b].some(Number.isNaN)) return null;
  if (halves.length === 2) {
    if (a.length + b.length > 7) return null;
    return [...a, ...Array<number>(8 - a.length - b.length).fill(0), ...b];
  }
  return a.length === 8 ? a : null;
}

const V4_BLOCKED: readonly [number[], number, BlockedReason][] = [
  [[0, 0, 0, 0], 8, 'unspecified'],
  [[10, 0, 0, 0], 8, 'private'],
  [[100, 64, 0, 0], 10, 'cgnat'],
  [[127, 0, 0, 0], 8, 'loopback'],
  [[169, 254, 0, 0], 16, 'linkLocal'], // includes the cloud metadata address 169.254.169.254
  [[172, 16, 0, 0], 12, 'private'],
  [[192, 0, 0, 0], 24, 'reserved'],
  [[192, 0, 2, 0], 24, 'reserved'],
  [[192, 88, 99, 0], 24, 'reserved'],
  [[192, 168, 0, 0], 16, 'private'],
  [[198, 18, 0, 0], 15, 'reserved'],
  [[198, 51, 100, 0], 24, 'reserved'],
  [[203, 0, 113, 0], 24, 'reserved'],
  [[224, 0, 0, 0], 4, 'multicast'],
  [[240, 0, 0, 0], 4, 'reserved'], // includes the broadcast 255.255.255.255
];

const v4Int = (o: number[]) => ((o[0]! << 24) | (o[1]! << 16) | (o[2]! << 8) | o[3]!) >>> 0;
const inV4 = (ip: number, base: number[], bits: number) =>
  bits === 0 || ip >>> (32 - bits) === v4Int(base) >>> (32 - bits);

export type BlockedReason =
  | 'unspecified'
  | 'private'
  | 'cgnat'
  | 'loopback'
  | 'linkLocal'
  | 'reserved'
  | 'multicast'
  | 'tunnel'
  | 'invalid';

function blockedV4(o: number[]): BlockedReason | null {
  const ip = v4Int(o);
  for (const [base, bits, reason] of V4_BLOCKED) if (inV4(ip, base, bits)) return reason;
  return null;
}

function blockedV6(g: number[]): BlockedReason | null {
  const v4of = (hi: number, lo: number) => [hi >> 8, hi & 255, lo >> 8, lo & 255];
  const zeros = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (g.every((x) => x === 0)) return 'unspecified';
  if (zeros(7) && g[7] === 1) return 'loopback';
  // Forms that carry an IPv4 in their last 32 bits: judge the IPv4 inside. IPv4-mapped ::ffff:a.b.c.d,
  // IPv4-translated ::ffff:0:a.b.c.d, IPv4-compatible ::a.b.c.d, NAT64's well-known 64:ff9b::/96
  // (a DNS64 resolver synthesises these for IPv4-only names, so public ones stay reachable).
  if (zeros(5) && g[5] === 0xffff) return blockedV4(v4of(g[6]!, g[7]!));
  if (zeros(4) && g[4] === 0xffff && g[5] === 0) return blockedV4(v4of(g[6]!, g[7]!));
  if (zeros(6)) return blockedV4(v4of(g[6]!, g[7]!));
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0))
    return blockedV4(v4of(g[6]!, g[7]!));
  // NAT64 local-use 64:ff9b:1::/48 (RFC 8215): the operator's own translator, the IPv4 may sit at
  // any prefix length, so the whole range is refused.
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return 'tunnel';
  // 6to4 2002:AABB:CCDD::/48 carries an IPv4 in groups 1-2.
  if (g[0] === 0x2002) return blockedV4(v4of(g[1]!, g[2]!));
  // Teredo 2001:0::/32 hides its IPv4 (xor-ed) and reaches through a relay: refused whole.
  if (g[0] === 0x2001 && g[1] === 0) return 'tunnel';
  if ((g[0]! & 0xfe00) === 0xfc00) return 'private'; // fc00::/7 unique local
  if ((g[0]! & 0xffc0) === 0xfe80) return 'linkLocal'; // fe80::/10
  if ((g[0]! & 0xffc0) === 0xfec0) return 'private'; // fec0::/10 old site-local
  if ((g[0]! & 0xff00) === 0xff00) return 'multicast'; // ff00::/8
  if (g[0] === 0x2001 && g[1] === 0x0db8) return 'reserved'; // documentation 2001:db8::/32
  if (g[0] === 0x3fff && g[1]! < 0x1000) return 'reserved'; // documentation 3fff::/20
  if (g[0] === 0x2001 && (g[1]! & 0xfff0) === 0x0010) return 'reserved'; // ORCHID 2001:10::/28
  if (g[0] === 0x2001 && (g[1]! & 0xfff0) === 0x0020) return 'reserved'; // ORCHIDv2 2001:20::/28
  if (g[0] === 0x0100 && zeros(4)) return 'reserved'; // discard-only 100::/64
  return null;
}

/** Why `ip` (IPv4 or IPv6 text) may not be reached, or null for a public address. */
export function blockedAddressReason(ip: string): BlockedReason | null {
  const v4 = parseIPv4(ip);
  if (v4) return blockedV4(v4);
  const v6 = parseIPv6(ip);
  if (v6) return blockedV6(v6);
  return 'invalid';
}

// ---- ports ----

/**
 * Ports of data stores and control planes that sit on internal networks: a public host is not
 * reached on them either (a request there is a cross-protocol attack, not a web hook or a model).
 * PostgreSQL, Redis, FreeSWITCH ESL, MySQL, Docker, etcd, Elasticsearch, memcached, MongoDB.
 */
export const DENIED_PORTS: readonly number[] = [
  2375, 2376, 2379, 2380, 3306, 5432, 6379, 8021, 9200, 9300, 11211, 27017,
];

/**
 * The port rule: 80, 443 and 1024-65535 except DENIED_PORTS; a host on the super administrator's
 * allow-list may use any port 1-65535 (a local model on 11434, a receiver on 8021 …).
 */
export function portAllowed(port: number, allowListed: boolean): boolean {
  if (!Number.isInteger(port) || port < 1 || port > 65535) return false;
  if (allowListed) return true;
  if (port === 80 || port === 443) return true;
  return port >= 1024 && !DENIED_PORTS.includes(port);
}

// ---- the allow-list ----

export const ALLOW_HOSTS_MAX = 100;

/**
 * An allow-list entry in the form the guard compares with a URL's host: a host name (lower case,
 * no trailing dot) or an IP address as WHATWG URL prints it (IPv6 without brackets). Null when the
 * entry is not a bare host (a scheme, a port, a path, a wildcard, spaces …).
 */
export function normaliseAllowHost(entry: string): string | null {
  const s = entry.trim();
  if (!s || s.length > 253 || /[\s/?#@\\*]/.test(s)) return null;
  if (s.startsWith('[') && !s.endsWith(']')) return null; // [::1]:80
  let url: URL;
  try {
    url = new URL(`http://${s.includes(':') && !s.startsWith('[') ? `[${s}]` : s}/`);
  } catch {
    return null;
  }
  if (url.port || !url.hostname) return null;
  return hostKey(url.hostname);
}

/** A URL hostname as compared with allow-list entries. */
export const hostKey = (hostname: string): string =>
  hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();

/** GET/PUT /api/settings/outbound-allowlist (super administrator only). */
export interface OutboundAllowListDto {
  hosts: string[];
}
