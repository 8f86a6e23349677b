// The local engine with the real espeak-ng binary, and the process runner's safety nets.
import { EspeakEngine, espeakSpeed, espeakVoice } from './espeak';
import { runCommand } from './run';
import { inspectWav, telephonyProblem } from './wav';

const espeak = new EspeakEngine();

describe('EspeakEngine', () => {
  it.each([
    ['Chinese', '您好，我是智能客服小王，请问您现在方便吗？'],
    ['English', 'Hello, this is the assistant. Do you have a minute?'],
  ])('renders %s as 8 kHz mono 16-bit WAV', async (_lang, text) => {
    const wav = await espeak.render(text, { voice: '', speed: 1003 });
    const info = inspectWav(wav);
    expect(telephonyProblem(info)).toBeNull();
    expect(info).toMatchObject({ ok: true, dataOffset: 44 });
    if (!info.ok) return;
    expect(info.durationMs).toBeGreaterThan(1000);
    expect(info.durationMs).toBeLessThan(15000);
    expect(info.dataBytes).toBe(wav.length - 44);
    // Real speech, not silence.
    const samples = new Int16Array(wav.buffer.slice(wav.byteOffset + 44, wav.byteOffset + wav.length));
    expect(Math.max(...samples.map(Math.abs))).toBeGreaterThan(1000);
  });

  it('speaks slower for slower speed codes', async () => {
    const ms = async (speed: number) => {
      const i = inspectWav(
        await espeak.render('one two three four five six seven eight', { voice: 'en', speed }),
      );
      return i.ok ? i.durationMs : NaN;
    };
    const [fast, normal, slow, elderly] = await Promise.all([ms(1001), ms(1003), ms(1006), ms(1009)]);
    expect(fast).toBeLessThan(normal);
    expect(normal).toBeLessThan(slow);
    expect(normal).toBeLessThan(elderly);
  });

  it('does not read text starting with a dash as an option', async () => {
    const i = inspectWav(await espeak.render('--version', { voice: 'en', speed: 1003 }));
    expect(i).toMatchObject({ ok: true, sampleRate: 8000 });
  });

  it('says clearly when espeak-ng is missing', async () => {
    const missing = new EspeakEngine({ command: 'espeak-ng-not-installed' });
    await expect(missing.render('hi', { voice: 'en', speed: 1003 })).rejects.toThrow(
      /espeak-ng-not-installed is not installed.*install the espeak-ng package/,
    );
  });

  it('fails on an unknown voice instead of returning garbage', async () => {
    await expect(espeak.render('hi', { voice: 'xx-nosuch', speed: 1003 })).rejects.toThrow();
  });
});

describe('voice and speed choice', () => {
  it('picks cmn for Chinese text, en otherwise, unless a voice is set', () => {
    expect(espeakVoice('', '你好')).toBe('cmn');
    expect(espeakVoice('auto', 'hello')).toBe('en');
    expect(espeakVoice('en-us', '你好')).toBe('en-us');
    expect(espeakVoice('-x --evil', 'hello')).toBe('en'); // never an option
  });
  it('maps every SPEC speed code, custom and unknown to normal', () => {
    for (const c of [1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009])
      expect(espeakSpeed(c).wpm).toBeGreaterThan(80);
    expect(espeakSpeed(9999)).toEqual(espeakSpeed(1003));
    expect(espeakSpeed(42)).toEqual(espeakSpeed(1003));
  });
});

describe('runCommand', () => {
  it('kills a child that runs past its deadline', async () => {
    const t0 = Date.now();
    await expect(runCommand('sleep', ['10'], { timeoutMs: 100, maxBytes: 1000 })).rejects.toThrow(
      /timed out after 100 ms/,
    );
    expect(Date.now() - t0).toBeLessThan(2000);
  });
  it('kills a child that writes too much', async () => {
    await expect(runCommand('yes', [], { timeoutMs: 5000, maxBytes: 100_000 })).rejects.toThrow(
      /more than 100000 bytes/,
    );
  });
  it('reports a non-zero exit with stderr', async () => {
    await expect(
      runCommand('node', ['-e', 'console.error("boom"); process.exit(3)'], {
        timeoutMs: 5000,
        maxBytes: 1000,
      }),
    ).rejects.toThrow(/exited with 3: boom/);
  });
  it('passes stdin and returns stdout', async () => {
    const out = await runCommand('cat', [], {
      timeoutMs: 5000,
      maxBytes: 1000,
      input: '你好 $(rm -rf /) ; `x`',
    });
    expect(out.toString('utf8')).toBe('你好 $(rm -rf /) ; `x`');
  });
});
