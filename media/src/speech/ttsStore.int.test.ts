// The tts_audio cache against a real database (cloned from the migrated template).
import { createTestDb, type TestDb } from '../../../test/db';
import { EspeakEngine } from './espeak';
import type { TtsEngine } from './tts';
import { readAudio, renderCached } from './ttsStore';
import { encodeWav, inspectWav } from './wav';

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.drop());

/** The real espeak engine, counting its renders (each one is an espeak-ng process). */
function counted(engine: TtsEngine) {
  const render = jest.fn((text: string, o: Parameters<TtsEngine['render']>[1]) => engine.render(text, o));
  return { name: engine.name, render };
}

describe('renderCached', () => {
  it('renders once, stores the WAV, and serves the second request from the table', async () => {
    const engine = counted(new EspeakEngine());
    const opts = { voice: '', speed: 1003 };
    const first = await renderCached(db.knex, engine, opts, '您好，欢迎致电');
    expect(first).toMatchObject({ cached: false, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const second = await renderCached(db.knex, engine, opts, '您好，欢迎致电');
    expect(second).toEqual({ ...first, cached: true });
    expect(engine.render).toHaveBeenCalledTimes(1);

    const row = await db.knex('tts_audio').where({ hash: first.hash }).first();
    expect(row).toMatchObject({
      engine: 'espeak',
      voice: '',
      speed: 1003,
      text: '您好，欢迎致电',
      bytes: first.bytes,
    });
    const wav = (await readAudio(db.knex, first.hash))!;
    expect(wav.length).toBe(first.bytes);
    expect(inspectWav(wav)).toMatchObject({
      ok: true,
      sampleRate: 8000,
      channels: 1,
      durationMs: row.duration_ms,
    });
    expect(await readAudio(db.knex, 'f'.repeat(64))).toBeNull();
  });

  it('keys on speed and voice too', async () => {
    const engine = counted(new EspeakEngine());
    const a = await renderCached(db.knex, engine, { voice: 'en', speed: 1003 }, 'hello');
    const b = await renderCached(db.knex, engine, { voice: 'en', speed: 1001 }, 'hello');
    const c = await renderCached(db.knex, engine, { voice: 'en-us', speed: 1003 }, 'hello');
    expect(new Set([a.hash, b.hash, c.hash]).size).toBe(3);
    expect(engine.render).toHaveBeenCalledTimes(3);
  });

  it('lets two concurrent renders of one sentence both succeed with one row', async () => {
    const engine = counted(new EspeakEngine());
    const [x, y] = await Promise.all([
      renderCached(db.knex, engine, { voice: 'en', speed: 1002 }, 'same sentence'),
      renderCached(db.knex, engine, { voice: 'en', speed: 1002 }, 'same sentence'),
    ]);
    expect(x.hash).toBe(y.hash);
    expect(await db.knex('tts_audio').where({ hash: x.hash }).count({ n: '*' })).toEqual([{ n: '1' }]);
  });

  it('refuses to store audio that cannot be played on a call', async () => {
    const wide: TtsEngine = {
      name: 'broken',
      render: async () => encodeWav({ sampleRate: 16000, samples: new Int16Array(160) }),
    };
    await expect(renderCached(db.knex, wide, { voice: '', speed: 1003 }, 'x')).rejects.toThrow(
      /unplayable audio: not8k/,
    );
    expect(await db.knex('tts_audio').where({ engine: 'broken' }).first()).toBeUndefined();
  });
});
