import crypto from 'node:crypto';
import { challenge, expectedResponse, parseAuthorization, verifyDigest } from './digest';
import { parseDirectoryXml } from './directory';
import {
  formatSip,
  header,
  headerAll,
  hostOf,
  param,
  parseSip,
  responseTo,
  uriOf,
  userOf,
  type SipRequest,
} from './message';
import { answerSdp, newSdpIdentity, offerSdp } from './sdp';

const md5 = (s: string) => crypto.createHash('md5').update(s).digest('hex');

const REGISTER = [
  'REGISTER sip:callplat.local SIP/2.0',
  'Via: SIP/2.0/WSS abc.invalid;branch=z9hG4bK123',
  'v: SIP/2.0/WSS second.invalid;branch=z9hG4bK456',
  'Max-Forwards: 70',
  'To: <sip:8101@callplat.local>',
  'From: "坐席" <sip:8101@callplat.local>;tag=aaa',
  'i: call-1',
  'CSeq: 2 REGISTER',
  'Contact: <sip:x1@abc.invalid;transport=ws>;+sip.ice;expires=600, <sip:x2@abc.invalid>',
  'Content-Length: 0',
  '',
  '',
].join('\r\n');

describe('SIP messages', () => {
  it('parses requests with compact and folded headers and comma lists', () => {
    const m = parseSip(REGISTER.replace('Max-Forwards: 70', 'Max-Forwards:\r\n 70')) as SipRequest;
    expect(m).toMatchObject({ kind: 'request', method: 'REGISTER', uri: 'sip:callplat.local' });
    expect(header(m, 'call-id')).toBe('call-1');
    expect(header(m, 'Max-Forwards')).toBe('70');
    expect(headerAll(m, 'Via')).toHaveLength(2);
    const contacts = headerAll(m, 'Contact');
    expect(contacts).toHaveLength(2);
    expect(param(contacts[0]!, 'expires')).toBe('600');
    expect(uriOf(contacts[0]!)).toBe('sip:x1@abc.invalid;transport=ws');
    expect(userOf(uriOf(header(m, 'To')!))).toBe('8101');
    expect(hostOf('sip:8101@callplat.local:5060;transport=ws')).toBe('callplat.local');
    expect(param(header(m, 'From')!, 'tag')).toBe('aaa');
  });

  it('parses responses and bodies; refuses garbage', () => {
    const body = 'v=0\r\n中文';
    const text = `SIP/2.0 200 OK\r\nCSeq: 1 INVITE\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    expect(parseSip(text)).toMatchObject({ kind: 'response', status: 200, reason: 'OK', body });
    expect(parseSip('HELLO\r\n\r\n')).toBeNull();
    expect(parseSip('INVITE sip:a@b SIP/2.0\r\nno colon here\r\n\r\n')).toBeNull();
  });

  it('answers with Via, From, To (tagged), Call-ID and CSeq copied, and a byte Content-Length', () => {
    const req = parseSip(REGISTER) as SipRequest;
    const res = responseTo(req, 401, 'Unauthorized', {
      toTag: 't1',
      headers: [['WWW-Authenticate', 'x']],
      body: 'é',
    });
    const text = formatSip(res);
    expect(
      text.startsWith('SIP/2.0 401 Unauthorized\r\nVia: SIP/2.0/WSS abc.invalid;branch=z9hG4bK123\r\n'),
    ).toBe(true);
    expect(text).toContain('To: <sip:8101@callplat.local>;tag=t1\r\n');
    expect(text).toContain('Call-ID: call-1\r\nCSeq: 2 REGISTER\r\n');
    expect(text).toContain('Content-Length: 2\r\n\r\né');
    const again = parseSip(text)!;
    expect(headerAll(again, 'Via')).toHaveLength(2);
  });
});

describe('digest authentication', () => {
  const creds = (password: string, qop = true) => {
    const base = { username: 'seat8101', realm: 'callplat.local', nonce: 'n1', uri: 'sip:callplat.local' };
    const full = qop
      ? { ...base, qop: 'auth', nc: '00000001', cnonce: 'c1', response: '' }
      : { ...base, response: '' };
    return { ...full, response: expectedResponse(full, 'REGISTER', password) };
  };

  it('computes RFC 2617 responses (qop=auth and none)', () => {
    const ha1 = md5('seat8101:callplat.local:secret1');
    const ha2 = md5('REGISTER:sip:callplat.local');
    expect(creds('secret1').response).toBe(md5(`${ha1}:n1:00000001:c1:auth:${ha2}`));
    expect(creds('secret1', false).response).toBe(md5(`${ha1}:n1:${ha2}`));
  });

  it('verifies the right password and refuses a wrong one, another method or algorithm', () => {
    expect(verifyDigest(creds('secret1'), 'REGISTER', 'secret1')).toBe(true);
    expect(verifyDigest(creds('secret1'), 'REGISTER', 'secret2')).toBe(false);
    expect(verifyDigest(creds('secret1'), 'INVITE', 'secret1')).toBe(false);
    expect(verifyDigest({ ...creds('secret1'), algorithm: 'SHA-256' }, 'REGISTER', 'secret1')).toBe(false);
    expect(verifyDigest({ ...creds('secret1'), qop: 'auth-int' }, 'REGISTER', 'secret1')).toBe(false);
  });

  it('parses the Authorization header sip.js sends and rejects others', () => {
    const h =
      'Digest algorithm=MD5, username="seat8101", realm="callplat.local", nonce="n1", uri="sip:callplat.local", response="abc", qop=auth, cnonce="c1", nc=00000001';
    expect(parseAuthorization(h)).toMatchObject({
      username: 'seat8101',
      qop: 'auth',
      nc: '00000001',
      cnonce: 'c1',
      response: 'abc',
    });
    expect(parseAuthorization('Basic Zm9vOmJhcg==')).toBeNull();
    expect(parseAuthorization('Digest username="x"')).toBeNull();
    expect(challenge('d', 'n')).toBe('Digest realm="d", nonce="n", algorithm=MD5, qop="auth"');
  });
});

describe('directory documents', () => {
  it('reads the user FreeSWITCH asked for by id: its password and dial-string, with XML escapes', () => {
    const xml =
      '<document type="freeswitch/xml"><section name="directory"><domain name="d"><user id="seat8101"><params>' +
      '<param name="password" value="a&amp;b&lt;c"/><param name="dial-string" value="${sofia_contact(*/${dialed_user}@${dialed_domain})}"/>' +
      '</params></user></domain></section></document>';
    expect(parseDirectoryXml(xml, 'seat8101')).toEqual({
      id: 'seat8101',
      password: 'a&b<c',
      dialString: '${sofia_contact(*/${dialed_user}@${dialed_domain})}',
    });
    // FreeSWITCH looks the user up by id only: not by extension, not by an auth-name param.
    expect(parseDirectoryXml(xml, '8101')).toBeNull();
    expect(
      parseDirectoryXml(
        '<document type="freeswitch/xml"><section name="result"><result status="not found"/></section></document>',
        '8101',
      ),
    ).toBeNull();
  });

  it('merges the domain params (a dial-string there counts for every user), and none means none', () => {
    const xml =
      '<document type="freeswitch/xml"><section name="directory"><domain name="d">' +
      '<params><param name="dial-string" value="{x=1}${sofia_contact(*/8101@d)}"/></params>' +
      '<users><user id="8101"><params><param name="password" value="p"/></params></user>' +
      '<user id="8102"><params><param name="password" value="q"/></params></user></users>' +
      '</domain></section></document>';
    expect(parseDirectoryXml(xml, '8102')).toEqual({
      id: '8102',
      password: 'q',
      dialString: '{x=1}${sofia_contact(*/8101@d)}',
    });
    const bare =
      '<document type="freeswitch/xml"><section name="directory"><domain name="d"><user id="8101"><params>' +
      '<param name="password" value="p"/></params></user></domain></section></document>';
    expect(parseDirectoryXml(bare, '8101')).toEqual({ id: '8101', password: 'p', dialString: null });
  });
});

describe('signalling-only SDP', () => {
  it('offers WebRTC audio with ICE credentials, a fingerprint and BUNDLE', () => {
    const sdp = offerSdp(newSdpIdentity());
    expect(sdp).toMatch(/^v=0\r\n/);
    expect(sdp).toMatch(/a=fingerprint:sha-256 ([0-9A-F]{2}:){31}[0-9A-F]{2}\r\n/);
    expect(sdp).toContain('m=audio 9 UDP/TLS/RTP/SAVPF 0 8 101');
    expect(sdp).toContain('a=setup:actpass');
    expect(sdp).toContain('a=group:BUNDLE 0');
  });

  it('answers an offer section by section, mirroring direction (hold) and refusing video', () => {
    const offer = [
      'v=0',
      'o=- 1 2 IN IP4 127.0.0.1',
      's=-',
      't=0 0',
      'a=group:BUNDLE 0 1',
      'm=audio 9 UDP/TLS/RTP/SAVPF 111 0 8',
      'a=mid:0',
      'a=sendonly',
      'a=rtpmap:111 opus/48000/2',
      'a=rtpmap:0 PCMU/8000',
      'm=video 9 UDP/TLS/RTP/SAVPF 96',
      'a=mid:1',
      '',
    ].join('\r\n');
    const a = answerSdp(offer, newSdpIdentity());
    expect(a).toContain('m=audio 9 UDP/TLS/RTP/SAVPF 0\r\n');
    expect(a).toContain('a=recvonly');
    expect(a).toContain('a=setup:active');
    expect(a).toContain('m=video 0 UDP/TLS/RTP/SAVPF 96');
    expect(a).toContain('a=group:BUNDLE 0\r\n');
  });
});
