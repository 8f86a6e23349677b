// A bare SIP-over-WebSocket user agent for the registrar's tests: sends hand-written requests,
// keeps every message received, registers with digest auth the way sip.js does.
import crypto from 'node:crypto';
import WebSocket from 'ws';
import { expectedResponse } from './digest';
import { formatSip, header, parseSip, responseTo, type SipMessage, type SipRequest } from './message';

export class SipWsClient {
  readonly received: SipMessage[] = [];
  private waiters = new Set<() => void>();
  private cseq = 0;
  readonly callId = `${crypto.randomBytes(6).toString('hex')}`;
  readonly contact = `sip:${crypto.randomBytes(4).toString('hex')}@test.invalid;transport=ws`;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (d) => {
      const m = parseSip(d.toString());
      if (m) this.received.push(m);
      for (const w of [...this.waiters]) w();
    });
  }

  static open(port: number): Promise<SipWsClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}`, 'sip');
      ws.once('open', () => resolve(new SipWsClient(ws)));
      ws.once('error', reject);
    });
  }

  send(m: SipMessage): void {
    this.ws.send(formatSip(m));
  }

  /** Waits for a message matching pred that arrived after `from` (an index into received). */
  waitFor(pred: (m: SipMessage) => boolean, ms = 3000, from = 0): Promise<SipMessage> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const m = this.received.slice(from).find(pred);
        if (!m) return false;
        this.waiters.delete(check);
        clearTimeout(t);
        resolve(m);
        return true;
      };
      const t = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`no matching SIP message in ${ms} ms`));
      }, ms);
      this.waiters.add(check);
      check();
    });
  }

  request(method: string, uri: string, headers: Array<[string, string]>, body = ''): SipRequest {
    return {
      kind: 'request',
      method,
      uri,
      headers: [
        ['Via', `SIP/2.0/WS test.invalid;branch=z9hG4bK${crypto.randomBytes(6).toString('hex')}`],
        ['Max-Forwards', '70'],
        ['CSeq', `${++this.cseq} ${method}`],
        ...headers,
      ],
      body,
    };
  }

  /** REGISTER, answer the 401 challenge with `authName` / `password`; returns the final response. */
  async register(ext: string, authName: string, password: string, domain = 'callplat.local', expires = 600) {
    const base: Array<[string, string]> = [
      ['To', `<sip:${ext}@${domain}>`],
      ['From', `<sip:${ext}@${domain}>;tag=reg1`],
      ['Call-ID', this.callId],
      ['Contact', `<${this.contact}>;expires=${expires}`],
    ];
    const uri = `sip:${domain}`;
    const from = this.received.length;
    this.send(this.request('REGISTER', uri, base));
    const first = await this.waitFor(
      (m) => m.kind === 'response' && header(m, 'CSeq') === `${this.cseq} REGISTER`,
      3000,
      from,
    );
    if (first.kind !== 'response' || first.status !== 401) return first;
    const ch = header(first, 'WWW-Authenticate') ?? '';
    const realm = /realm="([^"]*)"/.exec(ch)![1]!;
    const nonce = /nonce="([^"]*)"/.exec(ch)![1]!;
    const c = {
      username: authName,
      realm,
      nonce,
      uri,
      qop: 'auth',
      nc: '00000001',
      cnonce: 'abc',
      response: '',
    };
    const response = expectedResponse(c, 'REGISTER', password);
    const auth = `Digest algorithm=MD5, username="${authName}", realm="${realm}", nonce="${nonce}", uri="${uri}", response="${response}", qop=auth, cnonce="abc", nc=00000001`;
    this.send(this.request('REGISTER', uri, [...base, ['Authorization', auth]]));
    return this.waitFor(
      (m) => m.kind === 'response' && header(m, 'CSeq') === `${this.cseq} REGISTER`,
      3000,
      from,
    );
  }

  /** Answers a request from the server (e.g. 180 / 200 to an INVITE). */
  reply(
    req: SipRequest,
    status: number,
    reason: string,
    extra: Array<[string, string]> = [],
    body = '',
  ): void {
    this.send(
      responseTo(req, status, reason, {
        toTag: 'browser1',
        headers: [['Contact', `<${this.contact}>`], ...extra],
        body,
      }),
    );
  }

  close(): void {
    this.ws.close();
  }
}
