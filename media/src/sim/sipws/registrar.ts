// The simulator's SIP-over-WebSocket server (RFC 7118, subprotocol `sip`): a registrar for the seats'
// extensions (REGISTER with digest auth against the user directory, see directory.ts), the callee of
// a softphone's outgoing calls, and the caller of `bridge user/<ext>` (see bridge.ts) towards the
// browser where the extension is registered. Signalling only: the SDP is valid but carries no
// candidates, so no audio flows (sdp.ts).
//
// Transactions are kept minimal because WebSocket is reliable (RFC 3261 §17: no retransmissions over
// a reliable transport); dialogs are identified by Call-ID.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { isDialNumber, normalizeDialNumber } from '../../../../domain/softphone';
import { RECORD_HEADER } from '../../../../domain/cdr';
import { challenge, newNonce, parseAuthorization, verifyDigest } from './digest';
import type { Directory } from './directory';
import {
  cseqOf,
  formatSip,
  header,
  headerAll,
  hostOf,
  param,
  parseSip,
  responseTo,
  uriOf,
  userOf,
  type SipMessage,
  type SipRequest,
  type SipResponse,
} from './message';
import { softphoneLegCdr, type JsonCdr } from './cdr';
import { answerSdp, newSdpIdentity, offerSdp, type SdpIdentity } from './sdp';
import { log } from '../../../../platform/log';

export interface RegistrarOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  directory: Directory;
  /** Longest registration granted (s). */
  maxExpires?: number;
  /** Outgoing calls from a softphone: ms until 180 Ringing and until 200 OK. */
  calleeRingMs?: number;
  calleeAnswerMs?: number;
  /**
   * Where a softphone's dial-out goes when it ends: its leg's CDR, as FreeSWITCH's mod_json_cdr
   * posts it (see cdr.ts). None: no CDRs.
   */
  cdr?: (doc: JsonCdr) => Promise<void>;
}

/** How an INVITE to a registered browser ended before or at its answer. */
export type RingResult =
  | { answered: true; dialog: BrowserDialog }
  | {
      answered: false;
      cause:
        | 'USER_NOT_REGISTERED'
        | 'USER_BUSY'
        | 'CALL_REJECTED'
        | 'NO_USER_RESPONSE'
        | 'NORMAL_TEMPORARY_FAILURE'
        | 'NO_ANSWER'
        | 'ORIGINATOR_CANCEL';
    };

/** A browser's final error response as FreeSWITCH's cause (sofia_glue_sip_cause_to_freeswitch). */
export function causeOfSipStatus(status: number): Exclude<RingResult, { answered: true }>['cause'] {
  if (status === 486 || status === 600) return 'USER_BUSY';
  // sip.js answers 480 when getUserMedia fails (no microphone).
  if (status === 480) return 'NO_USER_RESPONSE';
  if ([400, 481, 500, 503].includes(status)) return 'NORMAL_TEMPORARY_FAILURE';
  return 'CALL_REJECTED';
}

/** An answered call towards the browser. */
export interface BrowserDialog {
  /** Resolves when the browser hangs up (BYE) or its socket closes. */
  readonly ended: Promise<void>;
  /** Sends BYE (the other side hung up). */
  hangup(): void;
  /** DTMF the browser sent (SIP INFO application/dtmf-relay). */
  onDtmf?: (digit: string) => void;
}

export interface Registrar {
  port: number;
  host: string;
  isRegistered(extension: string): boolean;
  /**
   * What `user/<extension>[@domain]` resolves to, as mod_dptools user_outgoing_channel does it: the
   * directory (action=user_call) must know the user and give a dial-string, and the extension must be
   * registered; else the originate cause FreeSWITCH gives.
   */
  dialUser(extension: string, domain?: string): Promise<UserDial>;
  /** Sends an INVITE to where `extension` is registered; `cancelled` resolves if the caller gives up. */
  ring(
    extension: string,
    call: { callerNumber: string; callUuid: string; ringMs: number; cancelled: Promise<unknown> },
  ): Promise<RingResult>;
  close(): Promise<void>;
}

/** `user/<ext>` resolved: ring it, or the cause (checked on FreeSWITCH 1.10.12). */
export type UserDial =
  { ok: true } | { ok: false; cause: 'SUBSCRIBER_ABSENT' | 'MANDATORY_IE_MISSING' | 'USER_NOT_REGISTERED' };

interface Binding {
  conn: Conn;
  contact: string;
  expiresAt: number;
  /** The domain it registered in (the default for user/<ext> without @domain). */
  domain: string;
}

interface Dialog {
  callId: string;
  conn: Conn;
  localTag: string;
  /** From (our side) and To (theirs) as sent in requests inside the dialog. */
  local: string;
  remote: string;
  remoteTarget: string;
  cseq: number;
  sdp: SdpIdentity;
  sdpVersion: number;
  confirmed: boolean;
  ended: boolean;
  end: () => void;
  onDtmf?: (digit: string) => void;
  /** Pending INVITE of the browser (a call from the softphone not answered yet). */
  pendingInvite?: SipRequest;
  /** The browser cancelled its dial before the answer (the CDR's hangup cause). */
  cancelCause?: () => void;
  timers: NodeJS.Timeout[];
}

const rand = (n = 8) => crypto.randomBytes(n).toString('hex');
const branch = () => `z9hG4bK${rand(8)}`;

class Conn {
  readonly nonces = new Set<string>();
  readonly extensions = new Set<string>();
  /** Resolves when the socket closes (one promise per connection, however many calls ring on it). */
  readonly closed: Promise<'closed'>;
  constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) => ws.once('close', () => resolve('closed')));
  }
  send(m: SipMessage): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(formatSip(m));
  }
}

export async function startRegistrar(opts: RegistrarOptions): Promise<Registrar> {
  const host = opts.host ?? '127.0.0.1';
  const maxExpires = opts.maxExpires ?? 600;
  const bindings = new Map<string, Binding>();
  const dialogs = new Map<string, Dialog>();
  /** Our INVITEs waiting for a final response, by Call-ID. */
  const outgoing = new Map<string, (res: SipResponse) => void>();
  const server = http.createServer((_req, res) => {
    res.writeHead(426, { 'content-type': 'text/plain' }).end('SIP over WebSocket only (RFC 7118)');
  });
  const wss = new WebSocketServer({
    server,
    handleProtocols: (protocols) => (protocols.has('sip') ? 'sip' : false),
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const ourContact = `<sip:callplat-sim@${host}:${port};transport=ws>`;

  const binding = (ext: string) => {
    const b = bindings.get(ext);
    if (b && b.expiresAt <= Date.now()) bindings.delete(ext);
    return b && b.expiresAt > Date.now() ? b : undefined;
  };

  const endDialog = (d: Dialog) => {
    if (d.ended) return;
    d.ended = true;
    for (const t of d.timers) clearTimeout(t);
    dialogs.delete(d.callId);
    d.end();
  };

  const inDialogRequest = (
    d: Dialog,
    method: string,
    extra: Array<[string, string]> = [],
    body = '',
  ): SipRequest => ({
    kind: 'request',
    method,
    uri: d.remoteTarget,
    headers: [
      ['Via', `SIP/2.0/WS callplat-sim.invalid;branch=${branch()}`],
      ['Max-Forwards', '70'],
      ['From', d.local],
      ['To', d.remote],
      ['Call-ID', d.callId],
      ['CSeq', `${method === 'ACK' ? d.cseq : ++d.cseq} ${method}`],
      ...extra,
    ],
    body,
  });

  // ---- requests from browsers ----

  async function onRegister(conn: Conn, req: SipRequest): Promise<void> {
    const to = header(req, 'To') ?? '';
    const ext = userOf(uriOf(to));
    const domain = hostOf(req.uri) || hostOf(uriOf(to));
    const ask = () => {
      const nonce = newNonce();
      conn.nonces.add(nonce);
      conn.send(
        responseTo(req, 401, 'Unauthorized', {
          toTag: rand(4),
          headers: [['WWW-Authenticate', challenge(domain, nonce)]],
        }),
      );
    };
    const creds = parseAuthorization(header(req, 'Authorization') ?? '');
    if (!creds || !conn.nonces.has(creds.nonce) || creds.realm !== domain) return ask();
    conn.nonces.delete(creds.nonce);
    // FreeSWITCH asks for the digest user name (whatever the phone authenticates as), not the To user.
    const user = ext
      ? await opts
          .directory(creds.username, domain, {
            action: 'sip_auth',
            sip_auth_method: 'REGISTER',
            sip_auth_username: creds.username,
            sip_auth_realm: creds.realm,
            sip_to_user: ext,
            sip_to_host: hostOf(uriOf(to)),
            sip_from_user: userOf(uriOf(header(req, 'From') ?? '')),
          })
          .catch(() => null)
      : null;
    if (!user || !verifyDigest(creds, 'REGISTER', user.password)) {
      conn.send(responseTo(req, 403, 'Forbidden', { toTag: rand(4) }));
      return;
    }
    const contacts = headerAll(req, 'Contact');
    const headerExpires = Number(header(req, 'Expires') ?? maxExpires);
    if (contacts.length === 1 && contacts[0] === '*') {
      bindings.delete(ext);
      conn.send(responseTo(req, 200, 'OK', { toTag: rand(4) }));
      return;
    }
    const contact = contacts[0];
    if (!contact) {
      // A query: RFC 3261 §10.2.3 answers with the current bindings.
      const b = binding(ext);
      const hdr: Array<[string, string]> = b
        ? [['Contact', `<${b.contact}>;expires=${Math.round((b.expiresAt - Date.now()) / 1000)}`]]
        : [];
      conn.send(responseTo(req, 200, 'OK', { toTag: rand(4), headers: hdr }));
      return;
    }
    const asked = Number(param(contact, 'expires') ?? headerExpires);
    const expires = Math.min(maxExpires, Number.isFinite(asked) ? asked : maxExpires);
    if (expires <= 0) {
      if (bindings.get(ext)?.conn === conn) bindings.delete(ext);
      conn.extensions.delete(ext);
      conn.send(responseTo(req, 200, 'OK', { toTag: rand(4) }));
      return;
    }
    bindings.set(ext, { conn, contact: uriOf(contact), expiresAt: Date.now() + expires * 1000, domain });
    conn.extensions.add(ext);
    const echoed = contact.replace(/;expires=[^;]*/i, '') + `;expires=${expires}`;
    conn.send(
      responseTo(req, 200, 'OK', {
        toTag: rand(4),
        headers: [
          ['Contact', echoed],
          ['Expires', String(expires)],
        ],
      }),
    );
  }

  /** A softphone dials out: the simulator is the callee (rings, answers, waits for BYE). */
  function onInvite(conn: Conn, req: SipRequest): void {
    const callId = header(req, 'Call-ID') ?? '';
    const existing = dialogs.get(callId);
    if (existing) {
      // re-INVITE (hold / unhold): answer the new offer.
      existing.remote = header(req, 'From') ?? existing.remote;
      existing.sdpVersion++;
      conn.send(
        responseTo(req, 200, 'OK', {
          headers: [
            ['Contact', ourContact],
            ['Content-Type', 'application/sdp'],
          ],
          body: req.body ? answerSdp(req.body, existing.sdp, existing.sdpVersion) : '',
        }),
      );
      return;
    }
    if (!conn.extensions.size) {
      conn.send(responseTo(req, 403, 'Forbidden', { toTag: rand(4) }));
      return;
    }
    const number = normalizeDialNumber(userOf(req.uri));
    if (!isDialNumber(number)) {
      conn.send(responseTo(req, 484, 'Address Incomplete', { toTag: rand(4) }));
      return;
    }
    const tag = rand(4);
    // The leg's CDR once the call ends, as the switch would post it.
    const from = userOf(uriOf(header(req, 'From') ?? ''));
    const leg = {
      uuid: crypto.randomUUID(),
      extension: conn.extensions.has(from) ? from : [...conn.extensions][0]!,
      destination: number,
      record: header(req, RECORD_HEADER) ?? null,
      startedAt: Date.now(),
      answeredAt: null as number | null,
    };
    let hangupCause = 'NORMAL_CLEARING';
    const d: Dialog = {
      callId,
      conn,
      localTag: tag,
      local: `${header(req, 'To') ?? ''};tag=${tag}`,
      remote: header(req, 'From') ?? '',
      remoteTarget: uriOf(header(req, 'Contact') ?? ''),
      cseq: 0,
      sdp: newSdpIdentity(),
      sdpVersion: 1,
      confirmed: false,
      ended: false,
      end: () => {
        if (!opts.cdr) return;
        const doc = softphoneLegCdr({ ...leg, endedAt: Date.now(), hangupCause });
        opts.cdr(doc).catch((e: unknown) => log.error('simulator: CDR post failed', { err: String(e) }));
      },
      pendingInvite: req,
      timers: [],
    };
    d.cancelCause = () => (hangupCause = 'ORIGINATOR_CANCEL');
    dialogs.set(callId, d);
    conn.send(responseTo(req, 100, 'Trying'));
    d.timers.push(
      setTimeout(
        () => conn.send(responseTo(req, 180, 'Ringing', { toTag: tag, headers: [['Contact', ourContact]] })),
        opts.calleeRingMs ?? 300,
      ),
      setTimeout(() => {
        d.pendingInvite = undefined;
        leg.answeredAt = Date.now();
        conn.send(
          responseTo(req, 200, 'OK', {
            toTag: tag,
            headers: [
              ['Contact', ourContact],
              ['Content-Type', 'application/sdp'],
              ['Allow', 'INVITE, ACK, CANCEL, BYE, OPTIONS, INFO'],
            ],
            body: answerSdp(req.body, d.sdp),
          }),
        );
      }, opts.calleeAnswerMs ?? 1500),
    );
  }

  function onCancel(conn: Conn, req: SipRequest): void {
    const d = dialogs.get(header(req, 'Call-ID') ?? '');
    conn.send(
      responseTo(req, d ? 200 : 481, d ? 'OK' : 'Call/Transaction Does Not Exist', { toTag: d?.localTag }),
    );
    if (d?.pendingInvite) {
      conn.send(responseTo(d.pendingInvite, 487, 'Request Terminated', { toTag: d.localTag }));
      d.cancelCause?.();
      endDialog(d);
    }
  }

  function onRequest(conn: Conn, req: SipRequest): void {
    const d = dialogs.get(header(req, 'Call-ID') ?? '');
    switch (req.method) {
      case 'REGISTER':
        void onRegister(conn, req);
        return;
      case 'INVITE':
        return onInvite(conn, req);
      case 'CANCEL':
        return onCancel(conn, req);
      case 'ACK':
        if (d) d.confirmed = true;
        return;
      case 'BYE':
        conn.send(responseTo(req, d ? 200 : 481, d ? 'OK' : 'Call/Transaction Does Not Exist'));
        if (d) endDialog(d);
        return;
      case 'INFO': {
        conn.send(responseTo(req, d ? 200 : 481, d ? 'OK' : 'Call/Transaction Does Not Exist'));
        const signal = /Signal\s*=\s*([0-9A-D*#])/i.exec(req.body);
        if (d && signal && /dtmf-relay/i.test(header(req, 'Content-Type') ?? ''))
          d.onDtmf?.(signal[1]!.toUpperCase());
        return;
      }
      case 'OPTIONS':
        conn.send(
          responseTo(req, 200, 'OK', {
            headers: [['Allow', 'INVITE, ACK, CANCEL, BYE, OPTIONS, INFO, REGISTER']],
          }),
        );
        return;
      default:
        conn.send(responseTo(req, 501, 'Not Implemented'));
    }
  }

  function onResponse(res: SipResponse): void {
    if (cseqOf(res).method !== 'INVITE') return;
    outgoing.get(header(res, 'Call-ID') ?? '')?.(res);
  }

  const conns = new Set<Conn>();
  wss.on('connection', (ws) => {
    const conn = new Conn(ws);
    conns.add(conn);
    ws.on('message', (data, isBinary) => {
      const m = parseSip(isBinary ? Buffer.from(data as Buffer).toString('utf8') : data.toString());
      if (!m) return;
      if (m.kind === 'request') onRequest(conn, m);
      else onResponse(m);
    });
    ws.on('close', () => {
      conns.delete(conn);
      // A closed WebSocket takes its registrations and calls with it (RFC 7118 §5.2: no other way back).
      for (const ext of conn.extensions) if (bindings.get(ext)?.conn === conn) bindings.delete(ext);
      for (const d of [...dialogs.values()]) if (d.conn === conn) endDialog(d);
    });
  });

  // ---- calls towards browsers ----

  async function ring(
    extension: string,
    call: { callerNumber: string; callUuid: string; ringMs: number; cancelled: Promise<unknown> },
  ): Promise<RingResult> {
    const found = binding(extension);
    if (!found) return { answered: false, cause: 'USER_NOT_REGISTERED' };
    const b: Binding = found;
    const callId = `${rand(12)}@callplat-sim`;
    const tag = rand(4);
    const via = `SIP/2.0/WS callplat-sim.invalid;branch=${branch()}`;
    const from = `<sip:${call.callerNumber || 'anonymous'}@callplat-sim.invalid>;tag=${tag}`;
    const to = `<sip:${extension}@callplat-sim.invalid>`;
    const sdp = newSdpIdentity();
    const invite: SipRequest = {
      kind: 'request',
      method: 'INVITE',
      uri: b.contact,
      headers: [
        ['Via', via],
        ['Max-Forwards', '70'],
        ['From', from],
        ['To', to],
        ['Call-ID', callId],
        ['CSeq', '1 INVITE'],
        ['Contact', ourContact],
        ['Allow', 'INVITE, ACK, CANCEL, BYE, OPTIONS, INFO'],
        ['X-Call-UUID', call.callUuid],
        ['Content-Type', 'application/sdp'],
      ],
      body: offerSdp(sdp),
    };
    const final = new Promise<SipResponse>((resolve) => {
      outgoing.set(callId, (res) => res.status >= 200 && resolve(res));
    });
    b.conn.send(invite);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>(
      (resolve) => (timer = setTimeout(() => resolve('timeout'), call.ringMs)),
    );
    const first = await Promise.race([
      final,
      timeout,
      b.conn.closed,
      call.cancelled.then(() => 'cancel' as const),
    ]);
    clearTimeout(timer);
    const cancel = () => {
      b.conn.send({
        kind: 'request',
        method: 'CANCEL',
        uri: b.contact,
        headers: [
          ['Via', via],
          ['Max-Forwards', '70'],
          ['From', from],
          ['To', to],
          ['Call-ID', callId],
          ['CSeq', '1 CANCEL'],
        ],
        body: '',
      });
    };
    if (first === 'closed') {
      outgoing.delete(callId);
      return { answered: false, cause: 'USER_NOT_REGISTERED' };
    }
    if (first === 'timeout' || first === 'cancel') {
      cancel();
      // The 487 (or a 200 that crossed the CANCEL) still gets its ACK / BYE below.
      void final.then((res) => settle(res, true));
      setTimeout(() => outgoing.delete(callId), 32_000).unref();
      return { answered: false, cause: first === 'timeout' ? 'NO_ANSWER' : 'ORIGINATOR_CANCEL' };
    }
    return settle(first, false);

    function settle(res: SipResponse, abandoned: boolean): RingResult {
      outgoing.delete(callId);
      const remote = header(res, 'To') ?? to;
      if (res.status >= 300) {
        // RFC 3261 §17.1.1.3: the ACK of a non-2xx final response is part of the INVITE transaction.
        b.conn.send({
          kind: 'request',
          method: 'ACK',
          uri: b.contact,
          headers: [
            ['Via', via],
            ['Max-Forwards', '70'],
            ['From', from],
            ['To', remote],
            ['Call-ID', callId],
            ['CSeq', '1 ACK'],
          ],
          body: '',
        });
        return { answered: false, cause: causeOfSipStatus(res.status) };
      }
      let endResolve!: () => void;
      const ended = new Promise<void>((r) => (endResolve = r));
      const d: Dialog = {
        callId,
        conn: b.conn,
        localTag: tag,
        local: from,
        remote,
        remoteTarget: uriOf(header(res, 'Contact') ?? b.contact),
        cseq: 1,
        sdp,
        sdpVersion: 1,
        confirmed: true,
        ended: false,
        end: endResolve,
        timers: [],
      };
      dialogs.set(callId, d);
      b.conn.send(inDialogRequest(d, 'ACK'));
      const bye = () => {
        if (d.ended) return;
        b.conn.send(inDialogRequest(d, 'BYE'));
        endDialog(d);
      };
      if (abandoned) {
        bye();
        return { answered: false, cause: 'ORIGINATOR_CANCEL' };
      }
      const dialog: BrowserDialog = {
        ended,
        hangup: bye,
        set onDtmf(fn: ((digit: string) => void) | undefined) {
          d.onDtmf = fn;
        },
        get onDtmf() {
          return d.onDtmf;
        },
      };
      return { answered: true, dialog };
    }
  }

  return {
    port,
    host,
    isRegistered: (ext) => binding(ext) !== undefined,
    async dialUser(ext, domain) {
      const at = domain ?? binding(ext)?.domain ?? '127.0.0.1';
      const user = await opts.directory(ext, at, { action: 'user_call' }).catch(() => null);
      if (!user) return { ok: false, cause: 'SUBSCRIBER_ABSENT' };
      if (!user.dialString) return { ok: false, cause: 'MANDATORY_IE_MISSING' };
      return binding(ext) ? { ok: true } : { ok: false, cause: 'USER_NOT_REGISTERED' };
    },
    ring,
    async close() {
      for (const d of [...dialogs.values()]) {
        if (d.confirmed) d.conn.send(inDialogRequest(d, 'BYE'));
        endDialog(d);
      }
      for (const c of conns) c.ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
