import { hostsOfText, initialOutboundState, outboundActions as O, outboundReducer } from './slice';

describe('outbound allow-list slice', () => {
  it('reads one host per line, blank lines and spaces dropped', () => {
    expect(hostsOfText(' llm.internal \r\n\n10.0.0.8\n  \n')).toEqual(['llm.internal', '10.0.0.8']);
    expect(hostsOfText('')).toEqual([]);
  });

  it('keeps what the server saved and the message of a refused save', () => {
    let s = outboundReducer(initialOutboundState, O.loaded(['a.internal']));
    expect(s).toMatchObject({ hosts: ['a.internal'], loaded: true });
    s = outboundReducer(s, O.saveRequested(['x:80']));
    expect(s.saving).toBe(true);
    s = outboundReducer(s, O.saveFailed('x:80: bad'));
    expect(s).toMatchObject({ saving: false, error: 'x:80: bad', hosts: ['a.internal'] });
    s = outboundReducer(s, O.saveRequested(['b.internal']));
    expect(s.error).toBeNull();
    s = outboundReducer(s, O.saved({ hosts: ['b.internal'], at: 5 }));
    expect(s).toMatchObject({ hosts: ['b.internal'], saving: false, savedAt: 5 });
  });
});
