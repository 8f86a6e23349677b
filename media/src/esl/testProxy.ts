// A TCP proxy for fault injection in tests: forwards to a target and can cut every connection
// (the switch stays up, only the path to it breaks), refuse new ones, or hold back what the target
// sends (a slow switch: delivered `ms` late, in order; a stuck one: never).
import net from 'node:net';

export interface Proxy {
  port: number;
  cut(): void;
  setRefusing(on: boolean): void;
  /** Delays what the target sends by `ms` (Infinity: holds it back until set lower). */
  setDelay(ms: number): void;
  close(): Promise<void>;
}

export async function startProxy(targetPort: number): Promise<Proxy> {
  const pairs = new Set<net.Socket>();
  let refusing = false;
  let delayMs = 0;
  const held: (() => void)[] = [];
  const server = net.createServer((client) => {
    if (refusing) return client.destroy();
    const upstream = net.connect(targetPort, '127.0.0.1');
    pairs.add(client).add(upstream);
    client.pipe(upstream);
    // In order: a chunk leaves after the ones before it.
    let last = Promise.resolve();
    upstream.on('data', (chunk: Buffer) => {
      const due = Date.now() + delayMs;
      last = last.then(async () => {
        if (!Number.isFinite(delayMs)) await new Promise<void>((r) => held.push(r));
        else if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
        if (!client.destroyed) client.write(chunk);
      });
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
      pairs.delete(client);
      pairs.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut: () => {
      for (const s of pairs) s.destroy();
    },
    setRefusing: (on) => (refusing = on),
    setDelay: (ms) => {
      delayMs = ms;
      if (Number.isFinite(ms)) for (const go of held.splice(0)) go();
    },
    close: async () => {
      for (const s of pairs) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
