// Test peer: a loopback HTTP server that answers like Azure Speech's TTS REST endpoint — 401
// without the right key, 400 on a wrong format header or SSML that is not well-formed XML,
// otherwise a riff-8khz-16bit-mono-pcm WAV whose length follows the text.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeWav } from './wav';

export interface AzureRequest {
  headers: http.IncomingHttpHeaders;
  ssml: string;
  /** The text inside <prosody>, unescaped. */
  text: string;
  voice: string;
  rate: string;
}

export interface FakeAzure {
  url: string;
  requests: AzureRequest[];
  close(): Promise<void>;
}

const ENTITY = /^&(amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-f]+);/i;

/** Enough of XML to refuse what Azure refuses: unbalanced tags, raw '<' or '&' in text or attributes. */
export function wellFormed(xml: string): boolean {
  const stack: string[] = [];
  let i = 0;
  while (i < xml.length) {
    const c = xml[i]!;
    if (c === '&') {
      if (!ENTITY.test(xml.slice(i))) return false;
      i++;
    } else if (c === '<') {
      const end = xml.indexOf('>', i);
      if (end < 0) return false;
      const tag = xml.slice(i + 1, end);
      const m = /^(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)$/.exec(tag);
      if (!m) return false;
      if (m[3] && /&(?!(amp|lt|gt|quot|apos);)/.test(m[3])) return false;
      if (m[1]) {
        if (stack.pop() !== m[2]) return false;
      } else if (!m[4]) stack.push(m[2]!);
      i = end + 1;
    } else if (c === '>') {
      i++;
    } else i++;
  }
  return stack.length === 0;
}

const unescape = (s: string) =>
  s.replace(
    /&(amp|lt|gt|quot|apos);/g,
    (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e]!,
  );

export async function startFakeAzure(key: string): Promise<FakeAzure> {
  const requests: AzureRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (d: Buffer) => chunks.push(d));
    req.on('end', () => {
      const reply = (status: number, body: string | Buffer = '', type = 'text/plain') => {
        res.writeHead(status, { 'Content-Type': type });
        res.end(body);
      };
      if (req.method !== 'POST' || req.url !== '/cognitiveservices/v1') return reply(404);
      if (req.headers['ocp-apim-subscription-key'] !== key)
        return reply(401, 'Access denied due to invalid key.');
      if (req.headers['content-type'] !== 'application/ssml+xml') return reply(400, 'bad content type');
      if (req.headers['x-microsoft-outputformat'] !== 'riff-8khz-16bit-mono-pcm')
        return reply(400, 'bad format');
      if (!req.headers['user-agent']) return reply(400, 'no user agent');
      const ssml = Buffer.concat(chunks).toString('utf8');
      const m =
        /^<speak [^>]*><voice name="([^"]+)"><prosody rate="([^"]+)">([^<]*)<\/prosody><\/voice><\/speak>$/.exec(
          ssml,
        );
      if (!wellFormed(ssml) || !m) return reply(400, 'SSML is invalid');
      const text = unescape(m[3]!);
      requests.push({ headers: req.headers, ssml, voice: m[1]!, rate: m[2]!, text });
      // 100 ms of a 400 Hz tone per character.
      const n = 800 * [...text].length;
      const samples = Int16Array.from({ length: n }, (_, i) =>
        Math.round(8000 * Math.sin((2 * Math.PI * 400 * i) / 8000)),
      );
      reply(200, encodeWav({ sampleRate: 8000, samples }), 'audio/x-wav');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // fetch keeps connections alive
      }),
  };
}
