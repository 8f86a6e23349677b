// Session descriptions for a signalling-only peer: syntactically valid WebRTC SDP (ICE credentials,
// a DTLS fingerprint, rtcp-mux, BUNDLE) so the browser's RTCPeerConnection accepts it, but with no
// candidates: no media ever flows. Pure.
import crypto from 'node:crypto';

export interface SdpIdentity {
  ufrag: string;
  pwd: string;
  fingerprint: string;
  sessionId: string;
}

export function newSdpIdentity(): SdpIdentity {
  const hex = crypto.randomBytes(32).toString('hex').toUpperCase();
  return {
    ufrag: crypto.randomBytes(4).toString('hex'),
    pwd: crypto.randomBytes(12).toString('hex'),
    fingerprint: hex.match(/../g)!.join(':'),
    sessionId: String(crypto.randomInt(1, 2 ** 47)),
  };
}

const session = (id: SdpIdentity, version: number) => [
  'v=0',
  `o=callplat-sim ${id.sessionId} ${version} IN IP4 127.0.0.1`,
  's=callplat-sim',
  't=0 0',
];

const transport = (id: SdpIdentity, setup: string) => [
  'c=IN IP4 0.0.0.0',
  'a=rtcp:9 IN IP4 0.0.0.0',
  `a=ice-ufrag:${id.ufrag}`,
  `a=ice-pwd:${id.pwd}`,
  `a=fingerprint:sha-256 ${id.fingerprint}`,
  `a=setup:${setup}`,
];

/** An audio offer (PCMU, PCMA, telephone-event) for an INVITE to the browser. */
export function offerSdp(id: SdpIdentity, version = 1): string {
  return (
    [
      ...session(id, version),
      'a=group:BUNDLE 0',
      'm=audio 9 UDP/TLS/RTP/SAVPF 0 8 101',
      ...transport(id, 'actpass'),
      'a=mid:0',
      'a=sendrecv',
      'a=rtcp-mux',
      'a=rtpmap:0 PCMU/8000',
      'a=rtpmap:8 PCMA/8000',
      'a=rtpmap:101 telephone-event/8000',
      'a=fmtp:101 0-16',
    ].join('\r\n') + '\r\n'
  );
}

const DIRECTION_ANSWER: Record<string, string> = {
  sendrecv: 'sendrecv',
  sendonly: 'recvonly',
  recvonly: 'sendonly',
  inactive: 'inactive',
};

/** Answers an offer: each audio section with PCMU (or its first codec), others refused (port 0). */
export function answerSdp(offer: string, id: SdpIdentity, version = 1): string {
  const sections = offer.split(/\r?\n(?=m=)/).slice(1);
  const mids: string[] = [];
  const body: string[] = [];
  for (const s of sections) {
    const lines = s.split(/\r?\n/).filter(Boolean);
    const m = /^m=(\S+) \d+ (\S+) (.*)$/.exec(lines[0] ?? '');
    if (!m) continue;
    const mid = lines.find((l) => l.startsWith('a=mid:'))?.slice(6);
    const fmts = m[3]!.split(' ');
    const direction =
      lines.find((l) => /^a=(sendrecv|sendonly|recvonly|inactive)$/.test(l))?.slice(2) ?? 'sendrecv';
    if (m[1] !== 'audio') {
      body.push(`m=${m[1]} 0 ${m[2]} ${fmts[0]}`, 'c=IN IP4 0.0.0.0');
      if (mid !== undefined) body.push(`a=mid:${mid}`);
      continue;
    }
    const pt = fmts.includes('0') ? '0' : fmts[0]!;
    const rtpmap = lines.find((l) => l.startsWith(`a=rtpmap:${pt} `)) ?? `a=rtpmap:${pt} PCMU/8000`;
    body.push(`m=audio 9 ${m[2]} ${pt}`, ...transport(id, 'active'));
    if (mid !== undefined) {
      body.push(`a=mid:${mid}`);
      mids.push(mid);
    }
    body.push(`a=${DIRECTION_ANSWER[direction] ?? 'sendrecv'}`, 'a=rtcp-mux', rtpmap);
  }
  const group = mids.length ? [`a=group:BUNDLE ${mids.join(' ')}`] : [];
  return [...session(id, version), ...group, ...body].join('\r\n') + '\r\n';
}
