import { allSupported, browserSupport, levelOf, micProblem } from './envCheck';

describe('browserSupport', () => {
  const full = {
    isSecureContext: true,
    WebSocket: function WebSocket() {},
    RTCPeerConnection: function RTCPeerConnection() {},
    AudioContext: function AudioContext() {},
    navigator: { mediaDevices: { getUserMedia: () => Promise.resolve() } },
  };

  it('passes a modern browser in a secure context', () => {
    const s = browserSupport(full);
    expect(s).toEqual({
      secureContext: true,
      webSocket: true,
      getUserMedia: true,
      peerConnection: true,
      audioContext: true,
    });
    expect(allSupported(s)).toBe(true);
  });

  it('names each missing piece', () => {
    const s = browserSupport({
      ...full,
      isSecureContext: false,
      RTCPeerConnection: undefined,
      AudioContext: undefined,
      webkitAudioContext: function Old() {},
      navigator: {},
    });
    expect(s).toEqual({
      secureContext: false,
      webSocket: true,
      getUserMedia: false,
      peerConnection: false,
      audioContext: true,
    });
    expect(allSupported(s)).toBe(false);
    expect(allSupported(browserSupport({}))).toBe(false);
  });
});

describe('levelOf', () => {
  it('is 0 for silence and grows with the signal, capped at 100', () => {
    expect(levelOf(new Uint8Array(256).fill(128))).toBe(0);
    expect(levelOf([])).toBe(0);
    const quiet = Uint8Array.from({ length: 256 }, (_, i) => (i % 2 ? 131 : 125));
    const loud = Uint8Array.from({ length: 256 }, (_, i) => (i % 2 ? 200 : 56));
    expect(levelOf(quiet)).toBeGreaterThan(0);
    expect(levelOf(loud)).toBeGreaterThan(levelOf(quiet));
    expect(levelOf(Uint8Array.from({ length: 256 }, (_, i) => (i % 2 ? 255 : 0)))).toBe(100);
  });
});

describe('micProblem', () => {
  it.each([
    ['NotAllowedError', 'denied'],
    ['NotFoundError', 'noDevice'],
    ['NotReadableError', 'busy'],
    ['SecurityError', 'insecure'],
    ['TypeError', 'unsupported'],
    ['Weird', 'other'],
  ])('%s -> %s', (name, kind) => {
    expect(micProblem({ name })).toBe(kind);
  });
  it('reads anything', () => {
    expect(micProblem(null)).toBe('other');
    expect(micProblem('x')).toBe('other');
  });
});
