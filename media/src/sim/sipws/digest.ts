// HTTP Digest for SIP (RFC 3261 §22.4, RFC 2617 with qop=auth, MD5 as sip.js and FreeSWITCH use it).
// Pure apart from the random nonce: the challenge header, parsing the client's Authorization and
// checking its response against the stored password.
import crypto from 'node:crypto';

const md5 = (s: string) => crypto.createHash('md5').update(s, 'utf8').digest('hex');

export interface DigestCredentials {
  username: string;
  realm: string;
  nonce: string;
  uri: string;
  response: string;
  algorithm?: string;
  qop?: string;
  nc?: string;
  cnonce?: string;
  opaque?: string;
}

export const newNonce = (): string => crypto.randomBytes(16).toString('hex');

/** `WWW-Authenticate` (401) / `Proxy-Authenticate` (407) value. */
export function challenge(realm: string, nonce: string): string {
  return `Digest realm="${realm}", nonce="${nonce}", algorithm=MD5, qop="auth"`;
}

/** Parses `Digest username="…", realm="…", …`; null when it is not a Digest header. */
export function parseAuthorization(value: string): DigestCredentials | null {
  const m = /^\s*Digest\s+(.*)$/i.exec(value);
  if (!m) return null;
  const out: Record<string, string> = {};
  const re = /([a-zA-Z-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g;
  for (let p = re.exec(m[1]!); p; p = re.exec(m[1]!)) out[p[1]!.toLowerCase()] = p[2] ?? p[3] ?? '';
  const { username, realm, nonce, uri, response } = out;
  if (!username || realm === undefined || !nonce || !uri || !response) return null;
  return {
    username,
    realm,
    nonce,
    uri,
    response,
    algorithm: out.algorithm,
    qop: out.qop,
    nc: out.nc,
    cnonce: out.cnonce,
    opaque: out.opaque,
  };
}

/** The response value a client with `password` must send (qop=auth, or none: RFC 2069). */
export function expectedResponse(c: DigestCredentials, method: string, password: string): string {
  const ha1 = md5(`${c.username}:${c.realm}:${password}`);
  const ha2 = md5(`${method}:${c.uri}`);
  return c.qop === 'auth'
    ? md5(`${ha1}:${c.nonce}:${c.nc ?? ''}:${c.cnonce ?? ''}:auth:${ha2}`)
    : md5(`${ha1}:${c.nonce}:${ha2}`);
}

/** True when the response matches (compared in constant time) and the algorithm is MD5. */
export function verifyDigest(c: DigestCredentials, method: string, password: string): boolean {
  if (c.algorithm && c.algorithm.toUpperCase() !== 'MD5') return false;
  if (c.qop && c.qop !== 'auth') return false;
  const want = Buffer.from(expectedResponse(c, method, password));
  const got = Buffer.from(c.response.toLowerCase());
  return want.length === got.length && crypto.timingSafeEqual(want, got);
}
