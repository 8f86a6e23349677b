// The Azure adapter against a loopback server that checks requests the way Azure does.
import { AzureEngine, azureSsml, xmlEscape } from './azure';
import { startFakeAzure, wellFormed, type FakeAzure } from './fakeAzure';
import { inspectWav } from './wav';

let azure: FakeAzure;
beforeAll(async () => {
  azure = await startFakeAzure('good-key');
});
afterAll(() => azure.close());

const engine = (key = 'good-key') => new AzureEngine({ region: 'eastasia', key, baseUrl: azure.url });

describe('AzureEngine', () => {
  it('sends the key, SSML with voice and rate, asks for 8 kHz PCM, and returns the WAV', async () => {
    const wav = await engine().render('您好，我是小王', { voice: 'zh-CN-XiaoxiaoNeural', speed: 1002 });
    expect(inspectWav(wav)).toMatchObject({
      ok: true,
      channels: 1,
      sampleRate: 8000,
      bitsPerSample: 16,
      durationMs: 700,
    });
    const req = azure.requests.at(-1)!;
    expect(req).toMatchObject({ voice: 'zh-CN-XiaoxiaoNeural', rate: '+20%', text: '您好，我是小王' });
    expect(req.headers['user-agent']).toBe('callplat-media');
    expect(req.ssml).toContain('xml:lang="zh-CN"');
  });

  it('escapes markup in the text, so it is spoken, not parsed', async () => {
    const text = `Tom & Jerry <b>"50% off"</b> it's`;
    await engine().render(text, { voice: 'en-US-JennyNeural', speed: 1003 });
    expect(azure.requests.at(-1)).toMatchObject({ text, rate: '+0%' });
    expect(azure.requests.at(-1)!.ssml).toContain('xml:lang="en-US"');
  });

  it('reports a wrong key (401) and bad SSML (400) with the status', async () => {
    await expect(engine('bad').render('hi', { voice: 'en-US-JennyNeural', speed: 1003 })).rejects.toThrow(
      /HTTP 401/,
    );
    const res = await fetch(`${azure.url}/cognitiveservices/v1`, {
      method: 'POST',
      headers: {
        'Ocp-Apim-Subscription-Key': 'good-key',
        'Content-Type': 'application/ssml+xml',
        'X-Microsoft-OutputFormat': 'riff-8khz-16bit-mono-pcm',
        'User-Agent': 't',
      },
      body: '<speak version="1.0"><voice name="x"><prosody rate="+0%">Tom & Jerry</prosody></voice></speak>',
    });
    expect(res.status).toBe(400); // the fake really refuses unescaped text
  });

  it('refuses a region that could point at another host', () => {
    expect(() => new AzureEngine({ region: 'evil.com/x', key: 'k' })).toThrow(/bad Azure region/);
    expect(() => new AzureEngine({ region: 'chinaeast2', key: 'k' })).not.toThrow();
  });
});

describe('SSML', () => {
  it('is well-formed for any text', () => {
    for (const t of ['a & b', '<x>', '"\'', 'a\u0001b', '&amp;', ']]>']) {
      expect(wellFormed(azureSsml(t, 'zh-CN-XiaoxiaoNeural', 1001))).toBe(true);
    }
    expect(xmlEscape('a\u0001<b>')).toBe('a&lt;b&gt;');
    expect(wellFormed('<a><b></a></b>')).toBe(false);
  });
});
