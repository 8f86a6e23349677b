// The tts queue consumer end to end: jobs added to Bull the way the server adds them, rendered
// with the real espeak-ng (or the loopback Azure), read back from PostgreSQL.
import Redis from 'ioredis';
import type { Knex } from 'knex';
import { loadConfig, type Config } from '../../../config';
import { encryptSecret } from '../../../platform/secrets';
import { DEFAULT_SETTINGS, type BotDefinition } from '../../../domain/bot/definition';
import type { TtsJob, TtsResult } from '../../../domain/speech';
import { createTestDb, type TestDb } from '../../../test/db';
import { startFakeAzure, type FakeAzure } from './fakeAzure';
import { createTtsQueue, type TtsQueue } from './ttsQueue';
import { queueUnrenderedVersions, startTtsWorker, type TtsWorker, type VersionResult } from './ttsWorker';
import { inspectWav } from './wav';

let db: TestDb;
let config: Config;
let worker: TtsWorker;
let producer: TtsQueue;
let azure: FakeAzure;

let nextAccount = 0;
async function account(k: Knex, parentId: number | null = null): Promise<number> {
  const [row] = await k('accounts')
    .insert({
      parent_id: parentId,
      level: parentId ? 1 : 2,
      account: `tts${++nextAccount}`,
      password_hash: 'x',
      expires_at: new Date(Date.now() + 86_400_000),
    })
    .returning('id');
  return Number(row.id);
}

const node = (id: string, texts: { text: string; recordingId?: number }[]) => ({
  id,
  name: id,
  type: 'normal' as const,
  prompts: texts,
  interruptible: true,
  branches: [],
  noMatch: { prompts: [{ text: '不好意思，我没听清' }], repeat: 1, then: { action: 0 as const } },
  silence: { prompts: [], repeat: 1, then: { action: 0 as const } },
});

const definition: BotDefinition = {
  settings: { ...DEFAULT_SETTINGS, speed: 1002 },
  flows: [
    {
      id: 'f1',
      name: '开场白',
      kind: 'main',
      startNodeId: 'a',
      nodes: [
        node('a', [{ text: '您好，我是小王' }, { text: '录好的一句', recordingId: 5 }]),
        node('b', [{ text: '再见' }]),
      ],
    },
  ],
  knowledge: [],
  intentLabels: [],
  intentRules: [],
  hotWords: [],
  interceptKeywords: [],
  llm: { answerUnmatched: false, gradeCall: false },
};

async function botVersion(k: Knex, accountId: number): Promise<number> {
  const [bot] = await k('bots')
    .insert({ account_id: accountId, name: 'b', draft: definition })
    .returning('id');
  const [v] = await k('bot_versions').insert({ bot_id: bot.id, version: 1, definition }).returning('id');
  return Number(v.id);
}

const run = async <R>(data: TtsJob, name: string = data.kind): Promise<R> => {
  const job = await producer.queue.add(name, data);
  return (await job.finished()) as R;
};

beforeAll(async () => {
  db = await createTestDb();
  azure = await startFakeAzure('azure-key');
  config = loadConfig(
    { ...process.env, NODE_ENV: 'test' },
    { databaseUrl: db.url, redisPrefix: `test:${db.name}` },
  );
  worker = await startTtsWorker({ config, db: db.knex, azureBaseUrl: azure.url });
  producer = createTtsQueue(config);
}, 60_000);

afterAll(async () => {
  await producer?.close();
  await worker?.close();
  await azure?.close();
  const r = new Redis(config.redisUrl, { maxRetriesPerRequest: 1 });
  const keys = await r.keys(`${config.redisPrefix}:*`);
  if (keys.length) await r.del(...keys);
  await r.quit();
  await db?.drop();
});

describe('tts worker', () => {
  it('renders a preview with espeak for an account without settings', async () => {
    const acc = await account(db.knex);
    const res = await run<TtsResult>({
      kind: 'preview',
      accountId: acc,
      text: '您好，这是试听',
      speed: 1004,
    });
    const row = await db.knex('tts_audio').where({ hash: res.hash }).first();
    expect(row).toMatchObject({ engine: 'espeak', speed: 1004, text: '您好，这是试听' });
    expect(inspectWav(row.wav)).toMatchObject({ ok: true, sampleRate: 8000, channels: 1 });
    // The same preview again is a cache hit with the same hash (also for unnamed jobs).
    expect(
      await run<TtsResult>(
        { kind: 'preview', accountId: acc, text: '您好，这是试听', speed: 1004 },
        '__default__',
      ),
    ).toEqual(res);
  });

  it("uses the superior's Azure settings with the decrypted key", async () => {
    const merchant = await account(db.knex);
    const user = await account(db.knex, merchant);
    await db.knex('tts_settings').insert({
      account_id: merchant,
      engine: 'azure',
      voice: 'zh-CN-YunxiNeural',
      region: 'eastasia',
      key_enc: encryptSecret(config.secretKey, 'azure-key'),
    });
    const res = await run<TtsResult>({ kind: 'preview', accountId: user, text: '试听一下' });
    expect(azure.requests.at(-1)).toMatchObject({
      voice: 'zh-CN-YunxiNeural',
      text: '试听一下',
      rate: '+0%',
    });
    expect(await db.knex('tts_audio').where({ hash: res.hash }).first('engine', 'voice', 'speed')).toEqual({
      engine: 'azure',
      voice: 'zh-CN-YunxiNeural',
      speed: 1003,
    });
  });

  it('renders every unrecorded fixed prompt of a version, with progress', async () => {
    const acc = await account(db.knex);
    const id = await botVersion(db.knex, acc);
    const job = await producer.queue.add('version', { kind: 'version', botVersionId: id });
    const result = (await job.finished()) as VersionResult;
    expect(result).toEqual({ rendered: 4, total: 4 }); // the two no-match prompts share one rendering
    const rows = await db
      .knex('bot_version_prompts as p')
      .join('tts_audio as a', 'a.hash', 'p.tts_hash')
      .where('p.bot_version_id', id)
      .orderBy('p.prompt_key')
      .select('p.prompt_key', 'a.text', 'a.speed');
    expect(rows).toEqual([
      { prompt_key: 'n:f1:a:0', text: '您好，我是小王', speed: 1002 },
      { prompt_key: 'n:f1:b:0', text: '再见', speed: 1002 },
      { prompt_key: 'nm:f1:a:0', text: '不好意思，我没听清', speed: 1002 },
      { prompt_key: 'nm:f1:b:0', text: '不好意思，我没听清', speed: 1002 },
    ]);
    expect(await job.getState()).toBe('completed');
    expect((await producer.queue.getJob(job.id))!.progress()).toBe(100); // percent of prompts rendered

    // Publishing again (a retry, a second delivery) changes nothing and renders nothing new.
    const before = await db.knex('tts_audio').count({ n: '*' });
    expect(await run<VersionResult>({ kind: 'version', botVersionId: id })).toEqual({
      rendered: 4,
      total: 4,
    });
    expect(await db.knex('tts_audio').count({ n: '*' })).toEqual(before);

    // Deleting the version removes its prompt rows.
    await db.knex('bot_versions').where({ id }).del();
    expect(await db.knex('bot_version_prompts').where({ bot_version_id: id })).toEqual([]);
  });

  it('queues published versions that were never rendered (seeded bots), once', async () => {
    const acc = await account(db.knex);
    const id = await botVersion(db.knex, acc);
    await db.knex('bots').where({ account_id: acc }).update({ published_version: 1 });
    expect(await queueUnrenderedVersions(db.knex, producer.queue)).toBe(1);
    const job = await producer.queue.getJob(`version-${id}`);
    expect(((await job!.finished()) as VersionResult).total).toBe(4);
    expect(await queueUnrenderedVersions(db.knex, producer.queue)).toBe(0);
  });

  it('retries failed jobs 3 times with backoff', async () => {
    const job = await producer.queue.add('preview', { kind: 'preview', accountId: 1, text: 'x' });
    expect(job.opts).toMatchObject({ attempts: 4, backoff: { type: 'exponential', delay: 2000 } });
    await job.finished().catch(() => undefined);
  });

  it('gives up at once on a version that does not exist', async () => {
    const job = await producer.queue.add('version', { kind: 'version', botVersionId: 987654 });
    await expect(job.finished()).rejects.toThrow(/bot version 987654 not found/);
    const failed = await producer.queue.getJob(job.id);
    expect(failed!.attemptsMade).toBe(1);
  });
});
