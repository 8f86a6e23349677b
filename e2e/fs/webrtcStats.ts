// What the page's WebRTC is doing, for the real-switch softphone test: every RTCPeerConnection the page
// makes is kept (a wrapper installed before the app loads), and its getStats() is read as a few
// figures: audio bytes in and out, the DTLS state of the transport and the codec received.
import type { Page } from 'puppeteer-core';

export interface PageMediaStats {
  bytesReceived: number;
  bytesSent: number;
  packetsReceived: number;
  /** The transport's DTLS state ('connected' once DTLS-SRTP keys are agreed). */
  dtlsState: string;
  /** The SRTP profile agreed over DTLS, e.g. AES_CM_128_HMAC_SHA1_80. */
  srtpCipher: string;
  /** The received codec's mime type, e.g. audio/PCMU. */
  codec: string;
  /** The selected ICE pair's local and remote candidate types and addresses. */
  pair: string;
}

type Pcs = { __cpPeerConnections?: RTCPeerConnection[] };

/** Installs the wrapper; call before the app's page loads. */
export async function recordPeerConnections(page: Page): Promise<void> {
  await page.evaluateOnNewDocument(() => {
    const w = window as unknown as Pcs & { RTCPeerConnection: typeof RTCPeerConnection };
    const Original = w.RTCPeerConnection;
    w.__cpPeerConnections = [];
    w.RTCPeerConnection = class extends Original {
      constructor(config?: RTCConfiguration) {
        super(config);
        w.__cpPeerConnections!.push(this);
      }
    };
  });
}

/** The figures of the page's newest peer connection (zeros when it has none). */
export function pageMediaStats(page: Page): Promise<PageMediaStats> {
  return page.evaluate(async () => {
    const pcs = (window as unknown as Pcs).__cpPeerConnections ?? [];
    const out = {
      bytesReceived: 0,
      bytesSent: 0,
      packetsReceived: 0,
      dtlsState: '',
      srtpCipher: '',
      codec: '',
      pair: '',
    };
    const pc = pcs[pcs.length - 1];
    if (!pc) return out;
    const byId = new Map<string, Record<string, unknown>>();
    (await pc.getStats()).forEach((s: Record<string, unknown>) => byId.set(String(s.id), s));
    for (const s of byId.values()) {
      if (s.type === 'inbound-rtp' && s.kind === 'audio') {
        out.bytesReceived += Number(s.bytesReceived ?? 0);
        out.packetsReceived += Number(s.packetsReceived ?? 0);
        out.codec = String(byId.get(String(s.codecId))?.mimeType ?? '');
      } else if (s.type === 'outbound-rtp' && s.kind === 'audio') {
        out.bytesSent += Number(s.bytesSent ?? 0);
      } else if (s.type === 'transport') {
        out.dtlsState = String(s.dtlsState ?? '');
        out.srtpCipher = String(s.srtpCipher ?? '');
        const pair = byId.get(String(s.selectedCandidatePairId));
        const cand = (id: unknown) => byId.get(String(id));
        if (pair) {
          const l = cand(pair.localCandidateId);
          const r = cand(pair.remoteCandidateId);
          out.pair = `${l?.candidateType} ${l?.address}:${l?.port} -> ${r?.candidateType} ${r?.address}:${r?.port}`;
        }
      }
    }
    return out;
  });
}
