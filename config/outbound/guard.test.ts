// The outbound-request guard over every way an address can be written in a URL. Property-style: a
// seeded generator draws addresses (half from the refused ranges), writes each in every IPv4 and
// IPv6 literal form, and the guard's verdict must equal the verdict on the plain dotted address.
import { blockedAddressReason, normaliseAllowHost, portAllowed } from '../../domain/netAddress';
import { checkUrl, OutboundRefused, resolveTarget, type Lookup, type OutboundPolicy } from './guard';

// mulberry32: small, seeded, good enough low bits for a coin toss.
const rng = (() => {
  let a = 0x2026_1126;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
})();
const pick = <T>(xs: readonly T[]): T => xs[rng() % xs.length]!;

const dotted = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
const hex4 = (n: number) => (n >>> 0).toString(16);

/** Every IPv4 spelling WHATWG URL (and inet_aton) accepts for the 32-bit address n. */
function v4Forms(n: number): string[] {
  const o = [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
  return [
    dotted(n),
    String(n >>> 0), // decimal 2130706433
    `0x${hex4(n)}`, // hex 0x7f000001
    `0X${hex4(n).toUpperCase()}`,
    `0${(n >>> 0).toString(8)}`, // octal 017700000001
    o.map((x) => `0${x.toString(8)}`).join('.'), // octal dotted 0177.00.00.01
    o.map((x) => `0x${x.toString(16)}`).join('.'), // hex dotted
    `${o[0]}.${(n & 0xffffff) >>> 0}`, // short a.b: 127.1
    `${o[0]}.${o[1]}.${n & 0xffff}`, // short a.b.c: 127.0.1
    `0x${o[0]!.toString(16)}.${n & 0xffffff}`, // mixed: 0x7f.1
    `${dotted(n)}.`, // trailing dot
    // zero padded 127.000.000.001 (a leading 0 means octal: only where that reads the same)
    ...(o.every((x) => x < 8 || (x >= 100 && !/[89]/.test(String(x))))
      ? [o.map((x) => String(x).padStart(3, '0')).join('.')]
      : []),
  ];
}

/** IPv6 literals that carry the IPv4 (mapped, translated, compatible, NAT64, 6to4). */
function v6Carriers(n: number): string[] {
  const hi = hex4(n >>> 16);
  const lo = hex4(n & 0xffff);
  return [
    `[::ffff:${dotted(n)}]`,
    `[::ffff:${hi}:${lo}]`,
    `[0:0:0:0:0:ffff:${hi}:${lo}]`,
    `[::ffff:0:${dotted(n)}]`,
    `[64:ff9b::${dotted(n)}]`,
    `[64:ff9b::${hi}:${lo}]`,
    `[2002:${hi}:${lo}::1]`,
  ];
}

const RANGES: [number, number][] = [
  [0x00000000, 8],
  [0x0a000000, 8],
  [0x64400000, 10],
  [0x7f000000, 8],
  [0xa9fe0000, 16],
  [0xac100000, 12],
  [0xc0a80000, 16],
  [0xc0000000, 24],
  [0xe0000000, 4],
  [0xf0000000, 4],
];
const drawAddress = (): number => {
  if (rng() % 2) return rng() >>> 0;
  const [base, bits] = pick(RANGES);
  return (base | (rng() & (2 ** (32 - bits) - 1))) >>> 0;
};

const refusedWhy = (url: string, policy?: OutboundPolicy): string | null => {
  try {
    checkUrl(url, policy);
    return null;
  } catch (e) {
    if (e instanceof OutboundRefused) return e.why;
    throw e;
  }
};

describe('the guard over IPv4 and IPv6 literal forms (property)', () => {
  const samples = Array.from({ length: 300 }, drawAddress);
  // 255.255.255.255 is every form's edge, 169.254.169.254 the metadata address.
  samples.push(0xffffffff, 0xa9fea9fe, 0x7f000001, 0x08080808);

  it('judges every spelling of an address as its dotted form', () => {
    let refused = 0;
    let allowed = 0;
    for (const n of samples) {
      const expected = blockedAddressReason(dotted(n)) ? 'blocked' : null;
      if (expected) refused++;
      else allowed++;
      for (const host of [...v4Forms(n), ...v6Carriers(n)])
        for (const url of [`http://${host}/v1`, `https://${host}:8443/x?y=1`, `http://${host}:80`])
          expect([url, refusedWhy(url)]).toEqual([url, expected]);
    }
    // Both verdicts are exercised, not only one.
    expect(refused).toBeGreaterThan(100);
    expect(allowed).toBeGreaterThan(50);
  });

  it('refuses URL tricks that hide a private host', () => {
    for (const url of [
      'http://a@127.0.0.1/',
      'http://user:pass@example.com/',
      'http://example.com@127.0.0.1/',
      'http://127.0.0.1#@example.com/',
      'http://127.0.0.1?@example.com/',
      'http://127.0.0.1%2f@example.com/',
      'http://%31%32%37.0.0.1/',
      'http://127。0。0。1/',
      'http://[::1]/',
      'http://[::1]:8080/',
      'http://[0:0:0:0:0:0:0:1]/',
      'http://[::]/',
      'http://0/',
      'http://[fe80::1]/',
      'http://[fd00::abcd]/',
      'http://[fc00::1]/',
      'http://[ff02::1]/',
      'http://[::127.0.0.1]/',
      'http://[64:ff9b:1::1]/', // local-use NAT64, whatever the IPv4
      'http://[64:ff9b:1:ffff::808:808]/',
      'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', // Teredo
      'http://[2001::1]/',
      'http://[2002:7f00:1::]/', // 6to4 of 127.0.0.1
      'ftp://example.com/',
      'file:///etc/passwd',
      'gopher://example.com/',
      'javascript:alert(1)',
      'not a url',
    ])
      expect([url, refusedWhy(url)]).not.toEqual([url, null]);
  });

  it('passes public addresses in every form', () => {
    for (const url of [
      'https://api.openai.com/v1',
      'http://8.8.8.8/',
      'http://134744072/', // 8.8.8.8
      'http://[2606:4700::1111]/',
      'http://[::ffff:8.8.8.8]/',
      'http://[64:ff9b::8.8.8.8]/', // a DNS64-synthesised public address
      'http://[2002:808:808::1]/', // 6to4 of 8.8.8.8
      'https://example.com:8443/hook',
    ])
      expect([url, refusedWhy(url)]).toEqual([url, null]);
  });
});

describe('the port rule', () => {
  it.each([
    ['http://example.com:22/', 'port'],
    ['http://example.com:25/', 'port'],
    ['http://example.com:5432/', 'port'],
    ['http://example.com:6379/', 'port'],
    ['http://example.com:8021/', 'port'],
    ['https://example.com:0/', 'port'],
    ['http://example.com:65536/', 'url'],
  ])('%s is refused', (url, _why) => expect(refusedWhy(url)).not.toBeNull());

  it.each([
    'http://example.com/',
    'https://example.com/',
    'http://example.com:8080/',
    'https://example.com:65535/',
  ])('%s is allowed', (url) => expect(refusedWhy(url)).toBeNull());

  it('lets an allow-listed host use any port and a private address', () => {
    const policy = { allowHosts: new Set(['127.0.0.1', 'llm.internal', '::1']) };
    expect(refusedWhy('http://127.0.0.1:22/', policy)).toBeNull();
    expect(refusedWhy('http://2130706433:11434/', policy)).toBeNull(); // same host, other spelling
    expect(refusedWhy('http://[::1]:5432/', policy)).toBeNull();
    expect(refusedWhy('http://LLM.internal:8021/', policy)).toBeNull();
    expect(refusedWhy('http://127.0.0.2/', policy)).toBe('blocked');
    expect(portAllowed(0, true)).toBe(false);
    expect(portAllowed(1023, false)).toBe(false);
  });
});

describe('resolution', () => {
  const lookupOf =
    (table: Record<string, string[]>, calls: string[] = []): Lookup =>
    async (host) => {
      calls.push(host);
      const a = table[host];
      if (!a) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
      return a.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };
  const table = {
    'public.test': ['93.184.216.34'],
    'loop.test': ['127.0.0.1'],
    'mixed.test': ['93.184.216.34', '10.0.0.5'],
    'meta.test': ['169.254.169.254'],
    'v6loop.test': ['::1'],
    'nat64.test': ['64:ff9b::a9fe:a9fe'],
    'empty.test': [],
  };

  it('checks every address a name has and pins the first checked one', async () => {
    const calls: string[] = [];
    const t = await resolveTarget('https://public.test/v1', undefined, lookupOf(table, calls));
    expect(t).toMatchObject({ host: 'public.test', address: '93.184.216.34', family: 4, port: 443 });
    expect(calls).toEqual(['public.test']); // one lookup: the request connects to t.address
  });

  it.each(['loop.test', 'mixed.test', 'meta.test', 'v6loop.test', 'nat64.test'])(
    '%s (a name resolving to a refused address) is refused',
    async (host) => {
      await expect(resolveTarget(`http://${host}/`, undefined, lookupOf(table))).rejects.toMatchObject({
        why: 'blocked',
      });
    },
  );

  it('refuses names that do not resolve', async () => {
    for (const host of ['nowhere.test', 'empty.test'])
      await expect(resolveTarget(`http://${host}/`, undefined, lookupOf(table))).rejects.toMatchObject({
        why: 'unresolvable',
      });
  });

  it('lets the allow-list and the pushes switch through', async () => {
    const allow = { allowHosts: new Set(['loop.test']) };
    await expect(resolveTarget('http://loop.test:9999/', allow, lookupOf(table))).resolves.toMatchObject({
      address: '127.0.0.1',
    });
    // The allow-list names hosts: another name for the same address is still refused.
    await expect(resolveTarget('http://meta.test/', allow, lookupOf(table))).rejects.toBeInstanceOf(
      OutboundRefused,
    );
    const all = { allowHosts: new Set<string>(), allowAllPrivate: true };
    await expect(resolveTarget('http://meta.test/', all, lookupOf(table))).resolves.toMatchObject({
      address: '169.254.169.254',
    });
  });
});

describe('allow-list entries', () => {
  it.each([
    ['LLM.Internal', 'llm.internal'],
    [' localhost ', 'localhost'],
    ['127.0.0.1', '127.0.0.1'],
    ['2130706433', '127.0.0.1'],
    ['::1', '::1'],
    ['[::1]', '::1'],
    ['example.com.', 'example.com'],
  ])('%s is kept as %s', (entry, key) => expect(normaliseAllowHost(entry)).toBe(key));

  it.each(['', 'http://x', 'x:80', 'a/b', '*.example.com', 'a b', 'u@h', '[::1]:80'])(
    '%s is refused',
    (entry) => expect(normaliseAllowHost(entry)).toBeNull(),
  );
});
