import { execFile } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { loadConfig } from '../config';
import { POSTGRES_START, checkPostgres, checkRedis, describeDown, redisStart } from '../platform/services';

/** A port on 127.0.0.1 that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** A server that accepts connections and never says a word. */
async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

describe('check-services', () => {
  const config = loadConfig();

  it('finds the configured PostgreSQL and Redis up', async () => {
    const [pg, redis] = await Promise.all([checkPostgres(config.databaseUrl), checkRedis(config.redisUrl)]);
    expect(pg).toMatchObject({ name: 'PostgreSQL', ok: true });
    expect(redis).toMatchObject({ name: 'Redis', ok: true });
  });

  it('reports a closed PostgreSQL port with where it looked and how to start it', async () => {
    const port = await closedPort();
    const t0 = Date.now();
    const c = await checkPostgres(`postgres://postgres@127.0.0.1:${port}/callplat`);
    expect(Date.now() - t0).toBeLessThan(4000);
    expect(c).toMatchObject({ ok: false, where: `127.0.0.1:${port}`, startCommand: POSTGRES_START });
    expect(c.error).toMatch(/ECONNREFUSED/);
    expect(describeDown(c)).toBe(
      `PostgreSQL is not reachable at 127.0.0.1:${port} (${c.error}).\n  Start it with: ${POSTGRES_START}`,
    );
  });

  it('reports a closed Redis port with the start command for that port', async () => {
    const port = await closedPort();
    const t0 = Date.now();
    const c = await checkRedis(`redis://127.0.0.1:${port}`);
    expect(Date.now() - t0).toBeLessThan(4000);
    expect(c).toMatchObject({
      ok: false,
      where: `127.0.0.1:${port}`,
      startCommand: redisStart(String(port)),
    });
    expect(c.error).toMatch(/ECONNREFUSED/);
    expect(describeDown(c)).toContain(`Redis is not reachable at 127.0.0.1:${port}`);
  });

  it('gives up on servers that accept but never answer', async () => {
    const silent = await silentServer();
    try {
      const t0 = Date.now();
      const [pg, redis] = await Promise.all([
        checkPostgres(`postgres://postgres@127.0.0.1:${silent.port}/x`, 500),
        checkRedis(`redis://127.0.0.1:${silent.port}`, 500),
      ]);
      expect(Date.now() - t0).toBeLessThan(2000);
      expect(pg.ok).toBe(false);
      expect(redis.ok).toBe(false);
    } finally {
      await silent.close();
    }
  });

  it('as a command, prints both messages without a stack trace and exits 1', async () => {
    const [pgPort, redisPort] = [await closedPort(), await closedPort()];
    const t0 = Date.now();
    const { code, stdout, stderr } = await new Promise<{
      code: number | null;
      stdout: string;
      stderr: string;
    }>((resolve) => {
      const child = execFile(
        process.execPath,
        [require.resolve('tsx/cli'), path.join(__dirname, 'check-services.ts')],
        {
          env: {
            ...process.env,
            DATABASE_URL: `postgres://postgres@127.0.0.1:${pgPort}/callplat`,
            REDIS_URL: `redis://127.0.0.1:${redisPort}`,
          },
        },
        (_err, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
      );
    });
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(code).toBe(1);
    expect(stderr).toContain(`PostgreSQL is not reachable at 127.0.0.1:${pgPort}`);
    expect(stderr).toContain(`Start it with: ${POSTGRES_START}`);
    expect(stderr).toContain(`Redis is not reachable at 127.0.0.1:${redisPort}`);
    expect(stderr).toContain(`Start it with: ${redisStart(String(redisPort))}`);
    expect(stdout + stderr).not.toMatch(/\n\s+at /);
    expect(stdout).toBe('');
  }, 15_000);
});
