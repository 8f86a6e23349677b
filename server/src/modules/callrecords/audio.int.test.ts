// A record's audio over real HTTP: the content type and byte ranges a browser needs to play, seek and
// learn the duration; other tenants refused; and why a voice cannot be played.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CallRecordDetail } from '../../../../domain/callRecords';
import { startTree, type Tree } from '../../../../test/fixtures';
import { encodeWav } from '../../../../media/src/speech/wav';
import { insertCall, rawGet } from './testHelpers';

let t: Tree;
let rec: { id: number; uuid: string };
let wav: string;
let size: number;
const dir = path.join(os.tmpdir(), 'callplat-recordings', 'test');

beforeAll(async () => {
  t = await startTree();
  fs.mkdirSync(dir, { recursive: true });
  wav = path.join(dir, `range-${Date.now()}.wav`);
  // One second of a ramp: every byte range has its own content.
  const samples = Int16Array.from({ length: 8000 }, (_, i) => (i * 7) % 30000);
  fs.writeFileSync(wav, encodeWav({ sampleRate: 8000, samples }));
  size = fs.statSync(wav).size;
  rec = await insertCall(t.p, { accountId: t.ids.m1, recording_path: wav, fs_node: 'fs-local' });
  await t.p.db.knex('conversation_lines').insert({
    call_id: rec.id,
    seq: 1,
    khtype: 'customer',
    khcontent: '有兴趣',
    khvoicepath: [`${wav}#t=0.2,0.8`],
  });
}, 60000);
afterAll(() => t.p.close());

const audio = () => `/api/callrecords/${rec.uuid}/audio/0`;

describe('GET /api/callrecords/:uuid/audio/:n', () => {
  it('sends the whole file as audio/wav and says ranges are accepted', async () => {
    const r = await rawGet(t.m1, audio());
    expect(r.status).toBe(200);
    expect(r.type).toBe('audio/wav');
    expect(r.headers.get('accept-ranges')).toBe('bytes');
    expect(Number(r.headers.get('content-length'))).toBe(size);
    expect(r.bytes.equals(fs.readFileSync(wav))).toBe(true);
  });

  it('answers a range with 206 and exactly those bytes', async () => {
    const whole = fs.readFileSync(wav);
    const r = await rawGet(t.m1, audio(), { Range: 'bytes=0-43' });
    expect(r.status).toBe(206);
    expect(r.type).toBe('audio/wav');
    expect(r.headers.get('content-range')).toBe(`bytes 0-43/${size}`);
    expect(r.bytes.equals(whole.subarray(0, 44))).toBe(true);

    const mid = await rawGet(t.m1, audio(), { Range: 'bytes=1000-' });
    expect(mid.status).toBe(206);
    expect(mid.headers.get('content-range')).toBe(`bytes 1000-${size - 1}/${size}`);
    expect(mid.bytes.equals(whole.subarray(1000))).toBe(true);

    const tail = await rawGet(t.m1, audio(), { Range: 'bytes=-100' });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(`bytes ${size - 100}-${size - 1}/${size}`);
    expect(tail.bytes.equals(whole.subarray(size - 100))).toBe(true);
  });

  it('refuses a range past the end with 416 and the size', async () => {
    const r = await rawGet(t.m1, audio(), { Range: `bytes=${size}-` });
    expect(r.status).toBe(416);
    expect(r.headers.get('content-range')).toBe(`bytes */${size}`);
    expect(JSON.parse(r.bytes.toString('utf8'))).toMatchObject({ code: 416 });
  });

  it('ignores a range it does not serve (several ranges) and sends the whole file', async () => {
    const r = await rawGet(t.m1, audio(), { Range: 'bytes=0-1,4-5' });
    expect(r.status).toBe(200);
    expect(r.bytes.length).toBe(size);
  });

  it("refuses another tenant's call and a superior's call to a subordinate, with or without a range", async () => {
    expect((await rawGet(t.m2, audio())).status).toBe(404);
    expect((await rawGet(t.m2, audio(), { Range: 'bytes=0-43' })).status).toBe(404);
    expect((await rawGet(t.op1, audio())).status).toBe(404);
    expect((await rawGet(t.m1, `/api/callrecords/${rec.uuid}/audio/abc`)).status).toBe(400);
  });
});

describe('why a voice cannot be played', () => {
  const detail = async (uuid: string) =>
    (await t.m1.get<CallRecordDetail>(`/api/callrecords/${uuid}`)).body.data!;

  it('a call without a recording (never answered): not recorded', async () => {
    const c = await insertCall(t.p, { accountId: t.ids.m1, recording_path: null, result_level: 68 });
    const d = await detail(c.uuid);
    expect(d.recording).toEqual({ url: null, fragment: null, exists: false, missing: 'notRecorded' });
  });

  it('a line said while nothing recorded: not recorded', async () => {
    const c = await insertCall(t.p, { accountId: t.ids.m1, recording_path: null });
    await t.p.db
      .knex('conversation_lines')
      .insert({ call_id: c.id, seq: 1, khtype: 'customer', khcontent: '喂', khvoicepath: [] });
    const d = await detail(c.uuid);
    expect(d.lines[0]!.voices).toEqual([
      { url: null, fragment: null, exists: false, missing: 'notRecorded' },
    ]);
  });

  it('a file that should be on this machine and is not: file missing', async () => {
    const gone = path.join(dir, `gone-${Date.now()}.wav`);
    const c = await insertCall(t.p, { accountId: t.ids.m1, recording_path: gone, fs_node: 'fs-local' });
    await t.p.db.knex('fs_nodes').insert({ name: 'fs-local', esl_host: '127.0.0.1', esl_password_enc: 'x' });
    await t.p.db.knex('conversation_lines').insert({
      call_id: c.id,
      seq: 1,
      khtype: 'customer',
      khcontent: '好的',
      khvoicepath: [`${gone}#t=1,2`],
    });
    const d = await detail(c.uuid);
    expect(d.recording.missing).toBe('fileMissing');
    expect(d.lines[0]!.voices).toEqual([
      { url: null, fragment: 't=1,2', exists: false, missing: 'fileMissing' },
    ]);
  });

  it('a recording written on a FreeSWITCH node of another machine: node unreachable', async () => {
    await t.p.db.knex('fs_nodes').insert({ name: 'fs-far', esl_host: '10.20.30.40', esl_password_enc: 'x' });
    const c = await insertCall(t.p, {
      accountId: t.ids.m1,
      recording_path: path.join(dir, `far-${Date.now()}.wav`),
      fs_node: 'fs-far',
    });
    expect((await detail(c.uuid)).recording.missing).toBe('nodeUnreachable');
  });

  it('a file that is here plays, with its fragment', async () => {
    const d = await detail(rec.uuid);
    expect(d.recording).toMatchObject({ exists: true, missing: null });
    expect(d.lines[0]!.voices[0]).toMatchObject({ exists: true, missing: null, fragment: 't=0.2,0.8' });
  });
});
