import Redis from 'ioredis';
import { loadConfig } from '../../config';
import { mediaNodeKey, mediaNodesSetKey, type MediaNodeHeartbeat } from '../../domain/media';
import { MediaHeartbeat } from './heartbeat';

const prefix = `test:${process.pid}:${Math.random().toString(36).slice(2, 10)}`;
let redis: Redis;

beforeAll(() => {
  redis = new Redis(loadConfig().redisUrl, { maxRetriesPerRequest: 1 });
});

afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

const read = async (id: string): Promise<MediaNodeHeartbeat | null> => {
  const raw = await redis.get(mediaNodeKey(prefix, id));
  return raw === null ? null : (JSON.parse(raw) as MediaNodeHeartbeat);
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('MediaHeartbeat', () => {
  it('announces the node with a TTL, keeps it fresh, and removes it on stop', async () => {
    const hb = new MediaHeartbeat(redis, prefix, { id: 'node-a', host: 'h1', pid: 42 }, { intervalMs: 50 });
    await hb.start();

    const first = await read('node-a');
    expect(first).toMatchObject({ id: 'node-a', host: 'h1', pid: 42, freeswitch: [] });
    expect(Date.parse(first!.startedAt)).not.toBeNaN();
    expect(await redis.sismember(mediaNodesSetKey(prefix), 'node-a')).toBe(1);
    const ttl = await redis.ttl(mediaNodeKey(prefix, 'node-a'));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(15);

    await sleep(150);
    const later = await read('node-a');
    expect(later!.startedAt).toBe(first!.startedAt);
    expect(Date.parse(later!.lastSeenAt)).toBeGreaterThan(Date.parse(first!.lastSeenAt));

    await hb.stop();
    expect(await read('node-a')).toBeNull();
    expect(await redis.sismember(mediaNodesSetKey(prefix), 'node-a')).toBe(0);
    await sleep(120);
    expect(await read('node-a')).toBeNull(); // no beat after stop
  });

  it('uses the given TTL and reports FreeSWITCH nodes', async () => {
    const hb = new MediaHeartbeat(
      redis,
      prefix,
      { id: 'node-b', host: 'h2', pid: 7, freeswitch: () => [{ name: 'fs1', connected: true }] },
      { ttlSeconds: 3, intervalMs: 60_000 },
    );
    await hb.start();
    expect(await redis.ttl(mediaNodeKey(prefix, 'node-b'))).toBeLessThanOrEqual(3);
    expect((await read('node-b'))!.freeswitch).toEqual([{ name: 'fs1', connected: true }]);
    await hb.stop();
  });

  it('leaves other nodes alone when one stops', async () => {
    const a = new MediaHeartbeat(redis, prefix, { id: 'node-c', host: 'h', pid: 1 }, { intervalMs: 60_000 });
    const b = new MediaHeartbeat(redis, prefix, { id: 'node-d', host: 'h', pid: 2 }, { intervalMs: 60_000 });
    await Promise.all([a.start(), b.start()]);
    await a.stop();
    expect(await redis.smembers(mediaNodesSetKey(prefix))).toEqual(['node-d']);
    expect(await read('node-d')).not.toBeNull();
    await b.stop();
  });
});
