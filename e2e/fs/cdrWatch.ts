// The switch's /fsapi traffic seen on its way to the platform, for the real-switch tests: a local HTTP
// proxy the switch is given as its fsapi URL, passing every request on to the platform (which alone
// answers) and noting each mod_json_cdr post: its leg, a few variables and the platform's status. It
// can hold the CDR posts back for a while (a slow platform).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { cdrDocument } from '../../server/src/modules/dialcenter/fsapi';

export interface CdrPost {
  uuid: string;
  status: number;
  type: string;
  at: number;
  /** The leg as the switch saw it (inbound: from a phone or carrier; outbound: originated). */
  direction: string;
  /** dialed_user of a `user/<ext>` leg, else callplat_extension / user_name. */
  extension: string;
}

export interface CdrWatch {
  /** The fsapi base URL to give the switch. */
  url: string;
  readonly posts: CdrPost[];
  /** Holds each CDR post this long before passing it on. */
  delayMs: number;
  close(): Promise<void>;
}

function legOf(contentType: string, body: string): Pick<CdrPost, 'direction' | 'extension'> {
  const doc = cdrDocument(contentType, body) as { variables?: Record<string, string> } | null;
  const v = (n: string) => {
    const raw = doc?.variables?.[n];
    return typeof raw === 'string' ? decodeURIComponent(raw) : '';
  };
  return {
    direction: v('direction'),
    extension: v('dialed_user') || v('callplat_extension') || v('user_name'),
  };
}

/** A proxy to the platform at `platformUrl` (its base, e.g. http://127.0.0.1:3456). */
export async function startCdrWatch(platformUrl: string): Promise<CdrWatch> {
  const target = new URL(platformUrl);
  const watch = { posts: [] as CdrPost[], delayMs: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      const isCdr = req.url?.startsWith('/fsapi/cdr') ?? false;
      if (isCdr && watch.delayMs) await new Promise((r) => setTimeout(r, watch.delayMs));
      const up = http.request(
        { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
        (r) => {
          if (isCdr) {
            const type = String(req.headers['content-type']);
            watch.posts.push({
              uuid: new URL(req.url!, 'http://x').searchParams.get('uuid') ?? '',
              status: r.statusCode ?? 0,
              type,
              at: Date.now(),
              ...legOf(type, body.toString('utf8')),
            });
          }
          res.writeHead(r.statusCode ?? 502, r.headers);
          r.pipe(res);
        },
      );
      up.on('error', () => res.writeHead(502).end());
      up.end(body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return Object.assign(watch, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/fsapi`,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections(); // the switch's curl keeps its connection open
      }),
  });
}
