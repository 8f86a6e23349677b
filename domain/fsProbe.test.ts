import { isLineFaultCause, lineHealed, nodeRefusal, recognizerModule, type NodeProbe } from './fsProbe';

const probe = (o: Partial<NodeProbe> = {}): NodeProbe => ({
  modules: { mod_avmd: true, mod_unimrcp: false, mod_google_transcribe: false },
  codecs: ['G.711 alaw', 'G.711 ulaw'],
  gateways: [
    { name: 'line-3', state: 'NOREG', status: 'DOWN' },
    { name: 'line-4', state: 'REGED', status: 'UP' },
  ],
  at: '2026-11-27T00:00:00Z',
  gatewaysAt: '2026-11-27T00:00:00Z',
  ...o,
});
const need = (o = {}) => ({ lineId: 4, gateway: 'line-4', codec: 'PCMA', module: null, ...o });

describe('which node may carry a call', () => {
  it('maps providers to the module they need', () => {
    expect(recognizerModule('none')).toBeNull();
    expect(recognizerModule('google')).toBe('mod_google_transcribe');
    expect(recognizerModule('aliyun')).toBe('mod_unimrcp');
    expect(recognizerModule('default')).toBe('mod_unimrcp');
  });

  it('refuses a missing recognizer, a missing codec and a gateway down', () => {
    expect(nodeRefusal(probe(), need())).toBeNull();
    expect(nodeRefusal(probe(), need({ module: 'mod_unimrcp' }))).toEqual({
      kind: 'recognizer',
      module: 'mod_unimrcp',
    });
    expect(nodeRefusal(probe(), need({ codec: 'G729' }))).toEqual({
      kind: 'line',
      lineId: 4,
      cause: 'CODEC_MISSING',
      codec: 'G729',
    });
    expect(nodeRefusal(probe(), need({ lineId: 3, gateway: 'line-3' }))).toEqual({
      kind: 'line',
      lineId: 3,
      cause: 'GATEWAY_DOWN',
    });
  });

  it('tries a node it knows nothing about (no probe, or commands it could not ask)', () => {
    expect(nodeRefusal(null, need({ module: 'mod_unimrcp', codec: 'G729' }))).toBeNull();
    expect(
      nodeRefusal(probe({ modules: {}, codecs: null, gateways: null }), need({ module: 'mod_unimrcp' })),
    ).toBeNull();
    // A gateway not loaded yet (rescan pending): the originate decides (INVALID_GATEWAY is a line fault).
    expect(nodeRefusal(probe(), need({ gateway: 'line-9', lineId: 9 }))).toBeNull();
  });
});

describe('line faults', () => {
  it('knows the originate answers that are the line, not the number', () => {
    expect(isLineFaultCause('GATEWAY_DOWN')).toBe(true);
    expect(isLineFaultCause('INVALID_GATEWAY')).toBe(true);
    expect(isLineFaultCause('USER_BUSY')).toBe(false);
    expect(isLineFaultCause(null)).toBe(false);
  });

  it('heals when some node sees the gateway up again or has the codec', () => {
    const line3 = { gateway: 'line-3', codec: 'PCMA' };
    expect(lineHealed('GATEWAY_DOWN', line3, [probe()])).toBe(false);
    const up = probe({ gateways: [{ name: 'line-3', state: 'NOREG', status: 'UP' }] });
    expect(lineHealed('GATEWAY_DOWN', line3, [probe(), up])).toBe(true);
    expect(lineHealed('INVALID_GATEWAY', { gateway: 'line-9', codec: 'PCMA' }, [probe()])).toBe(false);
    expect(lineHealed('CODEC_MISSING', { gateway: 'line-4', codec: 'G729' }, [probe()])).toBe(false);
    expect(
      lineHealed('CODEC_MISSING', { gateway: 'line-4', codec: 'G729' }, [probe({ codecs: ['G.729'] })]),
    ).toBe(true);
  });
});
