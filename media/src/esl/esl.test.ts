// Pure parts of the ESL adapter: framing, event parsing, input checks, backoff.
import { parseEvent, parseNlsml } from './events';
import { decodePlainEvent, FrameReader } from './frames';
import {
  checkCause,
  checkFile,
  checkLine,
  checkNumber,
  checkUuid,
  escapeSimText,
  EslInputError,
} from './guard';
import { backoffMs, parseChannels } from './node';

describe('FrameReader', () => {
  it('reads frames across any chunking, with Content-Length bodies', () => {
    const body = 'Event-Name: DTMF\nUnique-ID: u-1\nDTMF-Digit: %23\n\n';
    const wire = `Content-Type: auth/request\n\nContent-Length: ${Buffer.byteLength(body)}\nContent-Type: text/event-plain\n\n${body}`;
    const r = new FrameReader();
    const frames = [...Buffer.from(wire)].flatMap((b) => r.push(Buffer.from([b])));
    expect(frames.map((f) => f.headers.get('Content-Type'))).toEqual(['auth/request', 'text/event-plain']);
    const ev = parseEvent(decodePlainEvent(frames[1]!.body), 0);
    expect(ev).toMatchObject({ name: 'DTMF', uuid: 'u-1', digit: '#' });
  });

  it('decodes an event body (DETECTED_SPEECH with NLSML)', () => {
    const nlsml =
      '<result><interpretation confidence="87"><input mode="speech">利率&amp;额度</input></interpretation></result>';
    const inner = `Event-Name: DETECTED_SPEECH\nUnique-ID: u-2\nSpeech-Type: detected-speech\nContent-Length: ${Buffer.byteLength(nlsml)}\n\n${nlsml}`;
    expect(parseEvent(decodePlainEvent(inner), 5)).toMatchObject({
      text: '利率&额度',
      confidence: 87,
      receivedAt: 5,
    });
    expect(parseNlsml('')).toEqual({ text: '', confidence: null });
  });

  it('parses show channels as json', () => {
    expect(parseChannels('{"row_count":0}')).toEqual([]);
    expect(parseChannels('{"row_count":1,"rows":[{"uuid":"a","callstate":"ACTIVE"}]}')).toEqual([
      { uuid: 'a', callstate: 'ACTIVE' },
    ]);
  });
});

describe('guards', () => {
  it('escapes sim_text so it cannot break a {} block or a command line', () => {
    const out = escapeSimText('a,b}c{d=e\nf g$%{x}');
    expect(out).not.toMatch(/[,{}=\n\s$%]/);
    expect(escapeSimText('您好，利率很低')).toBe('您好，利率很低');
    expect(escapeSimText('x'.repeat(500))).toHaveLength(200);
  });
  it('accepts only uuids, digits, known cause shapes and files in our folders', () => {
    expect(checkUuid('0F8FAD5B-D9CB-469F-A165-70867728950E')).toBe('0f8fad5b-d9cb-469f-a165-70867728950e');
    for (const bad of ['x', '0f8fad5b-d9cb-469f-a165-70867728950e\nfoo', '../etc'])
      expect(() => checkUuid(bad)).toThrow(EslInputError);
    expect(() => checkNumber('1380000000a')).toThrow(EslInputError);
    expect(() => checkNumber('12')).toThrow(EslInputError);
    expect(() => checkCause('NORMAL CLEARING')).toThrow(EslInputError);
    expect(checkFile('/tmp/p/abc.wav', ['/tmp/p'])).toBe('/tmp/p/abc.wav');
    for (const bad of ['/tmp/p/../x.wav', '/tmp/q/a.wav', 'tmp/p/a.wav', '/tmp/p/a b.wav', '/tmp/p/a;.wav'])
      expect(() => checkFile(bad, ['/tmp/p'])).toThrow(EslInputError);
    expect(() => checkLine('api status\n\napi hupall')).toThrow(EslInputError);
  });
});

describe('backoffMs', () => {
  it('doubles up to the cap, with half of it random', () => {
    const o = { baseMs: 100, capMs: 1000 };
    expect(backoffMs(0, o, () => 0)).toBe(50);
    expect(backoffMs(0, o, () => 1)).toBe(100);
    expect(backoffMs(3, o, () => 1)).toBe(800);
    expect(backoffMs(30, o, () => 1)).toBe(1000);
    expect(backoffMs(30, o, () => 0)).toBe(500);
  });
});
