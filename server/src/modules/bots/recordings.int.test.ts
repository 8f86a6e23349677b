// Recordings: the prompts to record, WAV checks (mono 8000 Hz), upload, replace and playback.
import type { BotDetail, BotVersionRow, RecordingRow } from '../../../../domain/bot/api';
import { startTree, type Tree } from '../../../../test/fixtures';
import { makeWav, newBot, raw, upload } from './testKit';

let t: Tree;
beforeAll(async () => {
  t = await startTree();
}, 60_000);
afterAll(() => t.p.close());

describe('recordings', () => {
  it('lists every fixed prompt, takes a mono 8 kHz WAV, attaches it to the draft and plays it', async () => {
    const b = await newBot(t.m1, '录音');
    const list = (await t.m1.get<RecordingRow[]>(`/api/bots/${b.id}/recordings`)).body.data!;
    expect(list.length).toBeGreaterThan(1);
    expect(list.every((r) => !r.recorded && r.recordingId === null)).toBe(true);
    const key = list[0]!.promptKey;
    const wav = makeWav(1, 8000, 500);
    const r = await upload<RecordingRow>(t.m1, `/api/bots/${b.id}/recordings`, wav, '开场白.wav', {
      promptKey: key,
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ promptKey: key, recorded: true, recordingId: expect.any(Number) });
    const rid = r.body.data!.recordingId!;
    const after = (await t.m1.get<RecordingRow[]>(`/api/bots/${b.id}/recordings`)).body.data!;
    expect(after.find((x) => x.promptKey === key)).toMatchObject({ recorded: true, recordingId: rid });
    // The draft's prompt now plays the recording (a new draftRev: the editor reloads).
    const d = (await t.m1.get<BotDetail>(`/api/bots/${b.id}`)).body.data!;
    expect(d.draftRev).toBe(2);
    expect(d.definition.flows[0]!.nodes[0]!.prompts[0]!.recordingId).toBe(rid);
    const audio = await raw(t.m1, 'GET', `/api/bots/recordings/${rid}/audio`);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/wav');
    expect(Buffer.from(await audio.arrayBuffer()).equals(wav)).toBe(true);
    // Replacing keeps one recording per prompt.
    const again = await upload<RecordingRow>(
      t.m1,
      `/api/bots/${b.id}/recordings`,
      makeWav(1, 8000, 300),
      'b.wav',
      {
        promptKey: key,
      },
    );
    expect(again.body.data!.recordingId).toBe(rid);
    expect(await t.p.db.knex('bot_recordings').where({ bot_id: b.id }).count({ n: '*' })).toEqual([
      { n: '1' },
    ]);
    // A copy gets its own recordings.
    const copy = (await t.m1.post<BotDetail>(`/api/bots/${b.id}/copy`, { name: '录音副本' })).body.data!;
    const copied = copy.definition.flows[0]!.nodes[0]!.prompts[0]!.recordingId;
    expect(copied).toEqual(expect.any(Number));
    expect(copied).not.toBe(rid);
  });

  it('refuses stereo, 16 kHz, non-WAV, oversize files and unknown prompts', async () => {
    const b = await newBot(t.m1, '坏录音');
    const key = (await t.m1.get<RecordingRow[]>(`/api/bots/${b.id}/recordings`)).body.data![0]!.promptKey;
    const url = `/api/bots/${b.id}/recordings`;
    for (const file of [makeWav(2, 8000), makeWav(1, 16000), Buffer.from('not a wav file at all')]) {
      const r = await upload(t.m1, url, file, 'x.wav', { promptKey: key });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('录音必须是单声道 8000 Hz 的 WAV');
    }
    t.m1.lang = 'en';
    expect((await upload(t.m1, url, makeWav(2, 8000), 'x.wav', { promptKey: key })).body.message).toBe(
      'Recordings must be mono 8000 Hz WAV files',
    );
    t.m1.lang = 'zh-CN';
    expect((await upload(t.m1, url, makeWav(1, 8000), 'x.wav', { promptKey: 'n:nope:nope:0' })).status).toBe(
      400,
    );
    expect((await upload(t.m1, url, makeWav(1, 8000), 'x.wav')).status).toBe(400);
    const big = await upload(t.m1, url, makeWav(1, 8000, 700_000), 'big.wav', { promptKey: key });
    expect([400, 413]).toContain(big.status);
    expect(await t.p.db.knex('bot_recordings').where({ bot_id: b.id })).toEqual([]);
  });

  it('makes an online bot a draft again; the next version plays the recording', async () => {
    const b = await newBot(t.admin, '上线后录音');
    await t.admin.post(`/api/bots/${b.id}/submit`);
    const key = (await t.admin.get<RecordingRow[]>(`/api/bots/${b.id}/recordings`)).body.data![0]!.promptKey;
    const rid = (
      await upload<RecordingRow>(t.admin, `/api/bots/${b.id}/recordings`, makeWav(1, 8000), 'a.wav', {
        promptKey: key,
      })
    ).body.data!.recordingId;
    const d = (await t.admin.get<BotDetail>(`/api/bots/${b.id}`)).body.data!;
    expect(d).toMatchObject({ status: 'draft', publishedVersion: 1 });
    expect((await t.admin.post<BotDetail>(`/api/bots/${b.id}/submit`)).body.data!.publishedVersion).toBe(2);
    const v = await t.p.db.knex('bot_versions').where({ bot_id: b.id, version: 2 }).first('definition');
    expect(v.definition.flows[0].nodes[0].prompts[0].recordingId).toBe(rid);
    const versions = (await t.admin.get<BotVersionRow[]>(`/api/bots/${b.id}/versions`)).body.data!;
    expect(versions.map((x) => [x.version, x.promptsRendered >= 1])).toEqual([
      [2, true],
      [1, false],
    ]);
  });
});
