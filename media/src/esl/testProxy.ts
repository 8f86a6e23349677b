// A TCP proxy for fault injection in tests: forwards to a target and can cut every connection
// (the switch stays up, only the path to it breaks) or refuse new ones.
import net from 'node:net';

export interface Proxy {
  port: number;
  cut(): void;
  setRefusing(on: boolean): void;
  close(): Promise<void>;
}

export async function startProxy(targetPort: number): Promise<Proxy> {
  const pairs = new Set<net.Socket>();
  let refusing = false;
  const server = net.createServer((client) => {
    if (refusing) return client.destroy();
    const upstream = net.connect(targetPort, '127.0.0.1');
    pairs.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
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
    close: async () => {
      for (const s of pairs) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
