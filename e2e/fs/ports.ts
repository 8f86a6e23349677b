// Ports of the real-switch tier, inside the block 25000-26999 that no other test or demo uses (or the
// block from FS_TEST_PORT_BASE, for two runs side by side on one machine). Each jest worker gets a
// slice of its own (JEST_WORKER_ID), so two test files never share a switch's ports; the bench takes
// the whole block (slot 'bench').
export interface FsPorts {
  esl: number;
  externalSip: number;
  internalSip: number;
  ws: number;
  /** SIP ports for SIPp carriers and callers: first..first+19. */
  sippSip: number;
  /**
   * RTP ports for SIPp (-mp) and the Node media peers: each carrier takes 40 from here (4 of them),
   * callers 6 from +160, a WS seat's peer (wsSeat.ts) +178.
   */
  sippRtp: number;
  rtpStart: number;
  rtpEnd: number;
}

const BLOCK = Number(process.env.FS_TEST_PORT_BASE) || 25000;
const SLICE = 400;
const SLICES = 5;

export function fsPorts(slot: number | 'bench' = Number(process.env.JEST_WORKER_ID ?? 1)): FsPorts {
  if (slot === 'bench')
    return {
      esl: BLOCK + 21,
      externalSip: BLOCK + 80,
      internalSip: BLOCK + 60,
      ws: BLOCK + 66,
      sippSip: BLOCK + 100,
      sippRtp: BLOCK + 200, // 25200-25999: SIPp's streams (two per call)
      rtpStart: BLOCK + 1000, // 26000-26999: the switch's (two per call)
      rtpEnd: BLOCK + 1999,
    };
  const base = BLOCK + ((((slot - 1) % SLICES) + SLICES) % SLICES) * SLICE;
  return {
    esl: base + 21,
    externalSip: base + 80,
    internalSip: base + 60,
    ws: base + 66,
    sippSip: base + 100,
    sippRtp: base + 120,
    rtpStart: base + 300,
    rtpEnd: base + 399,
  };
}
