// A seat's softphone over SIP-over-WebSocket for the real-switch tier, as the web softphone (sip.js)
// behaves on the wire: registers its extension with its auth name (media/src/sim/sipws/testClient.ts),
// answers the switch's INVITE with plain RTP at a Node media peer (rtpPeer.ts: PCMA and
// telephone-event, no ICE/DTLS, which a browser would add), answers a BYE, and hangs up with one.
import type { SipRequest } from '../../media/src/sim/sipws/message';
import { header } from '../../media/src/sim/sipws/message';
import { SipWsClient } from '../../media/src/sim/sipws/testClient';
import { PCMA, startRtpPeer, TELEPHONE_EVENT, type RtpPeer, type RtpPeerOptions } from './rtpPeer';

export interface WsSeat {
  sip: SipWsClient;
  media: RtpPeer;
  /** The INVITEs the switch sent, in order. */
  readonly invites: SipRequest[];
  /** Whether the switch hung the seat's call up (a BYE it sent). */
  byeReceived(): boolean;
  /** The seat hangs up the call it answered last (BYE in its dialog); resolves on the switch's 200. */
  hangUp(): Promise<void>;
  close(): Promise<void>;
}

export interface WsSeatOptions {
  wsPort: number;
  extension: string;
  authName: string;
  password: string;
  domain: string;
  /** Where its media peer listens (127.0.0.1). */
  rtpPort: number;
  media?: RtpPeerOptions;
}

const TAG = 'browser1'; // SipWsClient.reply's To tag

function answerSdp(port: number): string {
  return [
    'v=0',
    'o=seat 1 1 IN IP4 127.0.0.1',
    's=-',
    'c=IN IP4 127.0.0.1',
    't=0 0',
    `m=audio ${port} RTP/AVP ${PCMA} ${TELEPHONE_EVENT}`,
    `a=rtpmap:${PCMA} PCMA/8000`,
    `a=rtpmap:${TELEPHONE_EVENT} telephone-event/8000`,
    `a=fmtp:${TELEPHONE_EVENT} 0-15`,
    'a=ptime:20',
    'a=sendrecv',
    '',
  ].join('\r\n');
}

export async function startWsSeat(o: WsSeatOptions): Promise<WsSeat> {
  const media = await startRtpPeer(o.rtpPort, o.media);
  const sip = await SipWsClient.open(o.wsPort);
  const ok = await sip.register(o.extension, o.authName, o.password, o.domain);
  if (ok.kind !== 'response' || ok.status !== 200) {
    sip.close();
    await media.close();
    throw new Error(`seat ${o.extension} did not register: ${ok.kind === 'response' ? ok.status : '?'}`);
  }
  const invites: SipRequest[] = [];
  let byes = 0;
  let seen = sip.received.length;
  // Answers what the switch asks, in arrival order (SipWsClient keeps every message).
  const poll = setInterval(() => {
    for (; seen < sip.received.length; seen++) {
      const m = sip.received[seen]!;
      if (m.kind !== 'request') continue;
      if (m.method === 'INVITE') {
        invites.push(m);
        sip.reply(m, 180, 'Ringing');
        sip.reply(m, 200, 'OK', [['Content-Type', 'application/sdp']], answerSdp(media.port));
      } else if (m.method === 'BYE') {
        byes++;
        sip.reply(m, 200, 'OK');
      } else if (m.method !== 'ACK') sip.reply(m, 200, 'OK');
    }
  }, 10);

  return {
    sip,
    media,
    invites,
    byeReceived: () => byes > 0,
    async hangUp() {
      const invite = invites[invites.length - 1];
      if (!invite) throw new Error('no call to hang up');
      // The callee's side of the dialog: From is the INVITE's To with our tag, To is its From.
      const target = /<([^>]+)>/.exec(header(invite, 'Contact') ?? '')?.[1] ?? invite.uri;
      const from = sip.received.length;
      const bye = sip.request('BYE', target, [
        ['From', `${header(invite, 'To')};tag=${TAG}`],
        ['To', header(invite, 'From') ?? ''],
        ['Call-ID', header(invite, 'Call-ID') ?? ''],
      ]);
      sip.send(bye);
      await sip.waitFor(
        (m) => m.kind === 'response' && header(m, 'CSeq') === header(bye, 'CSeq'),
        5000,
        from,
      );
    },
    async close() {
      clearInterval(poll);
      sip.close();
      await media.close();
    },
  };
}
