// The recognizer adapters: commands built from checked parts, and their parsers on events in the
// formats the real modules send (NLSML bodies of mod_unimrcp via switch_ivr_async.c speech_thread;
// mod_google_transcribe's JSON bodies, README "Events"), read through the same frame decoder and
// parseEvent the worker uses.
import { decodePlainEvent } from '../../esl/frames';
import { parseEvent, subscribeCommand, type EslEvent } from '../../esl/events';
import { checkHotWords, EslInputError, MAX_HOT_WORDS } from '../../esl/guard';
import { GoogleTranscribeAdapter, parseGoogleTranscription } from './googleTranscribe';
import { adapterFor } from './resolve';
import { NO_ASR } from './types';
import { parseNlsmlResult, UnimrcpAdapter } from './unimrcp';

const UUID = '0f8fad5b-d9cb-469f-a165-70867728950e';

/** An event as it arrives in a text/event-plain frame: url-encoded headers, inner Content-Length, body. */
function plainEvent(headers: Array<[string, string]>, body = ''): EslEvent {
  let text = headers.map(([k, v]) => `${k}: ${encodeURIComponent(v)}\n`).join('');
  text += body ? `Content-Length: ${Buffer.byteLength(body)}\n\n${body}` : '\n';
  const ev = parseEvent(decodePlainEvent(text), 1);
  if (!ev) throw new Error('not parsed');
  return ev;
}

const speech = (type: string, body = '') =>
  plainEvent(
    [
      ['Event-Name', 'DETECTED_SPEECH'],
      ['Core-UUID', 'a5f1d0c2-5b3c-4a64-9a2e-1f2d3c4b5a69'],
      ['Event-Date-Timestamp', '1732262400123456'],
      ['Unique-ID', UUID],
      ['Speech-Type', type],
    ],
    body,
  );

const google = (body: string, subclass = 'google_transcribe::transcription') =>
  plainEvent(
    [
      ['Event-Name', 'CUSTOM'],
      ['Event-Subclass', subclass],
      ['Unique-ID', UUID],
      ['Channel-Call-State', 'ACTIVE'],
      ['transcription-vendor', 'google'],
    ],
    body,
  );

// RFC 6787 §6.3.1-style result, as an MRCPv2 server returns it in RECOGNITION-COMPLETE.
const MRCP_V2 =
  '<?xml version="1.0"?>\n<result>\n' +
  '  <interpretation grammar="session:request1@form-level.store" confidence="0.62">\n' +
  '    <instance>首套</instance>\n    <input mode="speech">首套</input>\n  </interpretation>\n' +
  '  <interpretation grammar="session:request1@form-level.store" confidence="0.91">\n' +
  '    <instance>首套房</instance>\n    <input mode="speech">首套房</input>\n  </interpretation>\n' +
  '</result>\n';
// pocketsphinx / MRCPv1-style (0–100 confidence), what the simulator and many Chinese engines send.
const MRCP_V1 =
  '<?xml version="1.0"?>\n<result grammar="builtin:grammar/any">\n' +
  '  <interpretation grammar="builtin:grammar/any" confidence="87">\n' +
  '    <input mode="speech">利率&amp;额度 &#x662F;多少</input>\n  </interpretation>\n</result>\n';
const NO_INPUT =
  '<?xml version="1.0"?>\n<result>\n  <interpretation>\n    <instance/>\n' +
  '    <input><noinput/></input>\n  </interpretation>\n</result>\n';

describe('mod_unimrcp adapter', () => {
  const a = new UnimrcpAdapter();

  it('starts detect_speech with the waiting time and the hot words as a vendor parameter', () => {
    expect(a.start(UUID, { hotWords: ['房贷', '利率'], waitSeconds: 6 })).toEqual([
      {
        kind: 'execute',
        app: 'detect_speech',
        arg: 'unimrcp {start-input-timers=false,no-input-timeout=6000,hotwords=房贷|利率}builtin:grammar/any any',
      },
    ]);
    expect(new UnimrcpAdapter('ali-mrcp').start(UUID, { hotWords: [], waitSeconds: 5 })[0]).toMatchObject({
      arg: 'unimrcp:ali-mrcp {start-input-timers=false,no-input-timeout=5000}builtin:grammar/any any',
    });
    expect(a.stop()).toEqual([{ kind: 'execute', app: 'detect_speech', arg: 'stop' }]);
  });

  it('never lets a hot word or a profile break the bracket syntax', () => {
    const [cmd] = a.start(UUID, {
      hotWords: [
        '好的',
        'a,b',
        '房}贷',
        '利=率',
        '十一个字十一个字十一个',
        ' 额度 ',
        '好的',
        42 as unknown as string,
      ],
      waitSeconds: 5,
    });
    expect(cmd).toMatchObject({ arg: expect.stringContaining('hotwords=好的|额度}') });
    expect(() => new UnimrcpAdapter('x y')).toThrow(EslInputError);
    expect(() => new UnimrcpAdapter('a}b')).toThrow(EslInputError);
  });

  it('parses begin-speaking, partial and final results; the best interpretation wins', () => {
    expect(a.parse(speech('begin-speaking'))).toEqual({ kind: 'begin', text: '' });
    expect(a.parse(speech('detected-speech', MRCP_V2))).toEqual({
      kind: 'final',
      text: '首套房',
      confidence: 0.91,
    });
    expect(a.parse(speech('detected-partial-speech', MRCP_V1))).toEqual({
      kind: 'partial',
      text: '利率&额度 是多少',
      confidence: 0.87,
    });
  });

  it('ignores no-input results, closed recognizers and other events', () => {
    expect(a.parse(speech('detected-speech', NO_INPUT))).toBeNull();
    expect(a.parse(speech('closed'))).toBeNull();
    expect(a.parse(google('{"is_final":true,"alternatives":[{"transcript":"好"}]}'))).toBeNull();
  });

  it('reads CDATA inputs and missing confidences', () => {
    expect(
      parseNlsmlResult(
        '<result><interpretation><input mode="speech"><![CDATA[a<b 你好]]></input></interpretation></result>',
      ),
    ).toEqual({ text: 'a<b 你好', confidence: null });
    expect(parseNlsmlResult('')).toEqual({ text: '', confidence: null });
  });
});

describe('mod_google_transcribe adapter', () => {
  const g = new GoogleTranscribeAdapter();

  it('sets GOOGLE_SPEECH_HINTS (comma-separated) and starts with interim results', () => {
    expect(g.start(UUID, { hotWords: ['房贷', 'bad!', '利率'], waitSeconds: 5 })).toEqual([
      { kind: 'api', command: `uuid_setvar ${UUID} GOOGLE_SPEECH_HINTS 房贷,利率` },
      { kind: 'api', command: `uuid_google_transcribe ${UUID} start cmn-Hans-CN interim` },
    ]);
    expect(g.start(UUID, { hotWords: [], waitSeconds: 5 })).toHaveLength(1);
    expect(g.stop(UUID)).toEqual([{ kind: 'api', command: `uuid_google_transcribe ${UUID} stop` }]);
    expect(() => g.start('not-a-uuid\nexit', { hotWords: [], waitSeconds: 5 })).toThrow(EslInputError);
    expect(() => new GoogleTranscribeAdapter('zh CN')).toThrow(EslInputError);
  });

  it('parses interim and final transcriptions (README "Events" body)', () => {
    const final =
      '{"stability":0,"is_final":true,"alternatives":[{"confidence":0.96471,"transcript":"大概五十万"}]}';
    expect(g.parse(google(final))).toEqual({ kind: 'final', text: '大概五十万', confidence: 0.96471 });
    const interim =
      '{"stability":0.8,"is_final":false,"alternatives":[{"confidence":0,"transcript":"大概"}]}';
    expect(g.parse(google(interim))).toEqual({ kind: 'partial', text: '大概' });
    // A build that sends the list of results.
    expect(parseGoogleTranscription(`[${final}]`)).toMatchObject({ kind: 'final', text: '大概五十万' });
  });

  it('ignores other subclasses, empty and malformed bodies, and DETECTED_SPEECH', () => {
    expect(g.parse(google('', 'google_transcribe::end_of_utterance'))).toBeNull();
    expect(g.parse(google('{"is_final":true,"alternatives":[]}'))).toBeNull();
    expect(g.parse(google('{"is_final":true,"alternatives":[{"transcript":"  "}]}'))).toBeNull();
    expect(g.parse(google('{"is_final":tr'))).toBeNull();
    expect(g.parse(google('"just a string"'))).toBeNull();
    expect(g.parse(speech('detected-speech', MRCP_V1))).toBeNull();
  });
});

describe('choosing the recognizer', () => {
  it('maps asr_settings providers to adapters (default: mod_unimrcp)', () => {
    expect(adapterFor('default').name).toBe('unimrcp');
    expect(adapterFor('none')).toBe(NO_ASR);
    expect(adapterFor('google').name).toBe('google_transcribe');
    expect(adapterFor('sim').name).toBe('unimrcp');
    expect((adapterFor('unimrcp', 'prof-1') as UnimrcpAdapter).profile).toBe('prof-1');
    expect((adapterFor('unimrcp', 'bad profile') as UnimrcpAdapter).profile).toBe('');
    expect((adapterFor('aliyun') as UnimrcpAdapter).profile).toBe('aliyun');
    expect(NO_ASR.start(UUID, { hotWords: ['好'], waitSeconds: 5 })).toEqual([]);
  });

  it('subscribes to the CUSTOM subclasses it needs, last, and never to ALL', () => {
    const cmd = subscribeCommand();
    expect(cmd).toMatch(/ CUSTOM google_transcribe::transcription avmd::beep$/);
    expect(cmd).toMatch(/^event plain CHANNEL_CREATE .* DETECTED_SPEECH /);
    expect(cmd).not.toMatch(/\bALL\b/);
  });
});

describe('checkHotWords', () => {
  it('keeps Chinese words of at most 10 characters, once each, capped', () => {
    expect(
      checkHotWords(['房贷', '房贷', 'abc', '房贷2', '', '一二三四五六七八九十', '一二三四五六七八九十一']),
    ).toEqual(['房贷', '一二三四五六七八九十']);
    const many = Array.from(
      { length: 300 },
      (_, i) =>
        `词${'一二三四五六七八九'[i % 9]}${'甲乙丙丁戊己庚辛壬癸'[Math.floor(i / 9) % 10]}${'子丑寅卯'[Math.floor(i / 90) % 4]}`,
    );
    expect(checkHotWords(many)).toHaveLength(MAX_HOT_WORDS);
  });
});
