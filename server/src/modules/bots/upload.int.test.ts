// The bots' file uploads (recordings, bot files; receiveFile and the bot-file checks) refuse a bad
// upload with a field error of `file` worded by the envelope: zh-CN by default, English on request.
import { loggedIn } from '../../../../test/fixtures';
import type { ApiClient } from '../../../../test/apiClient';
import { startTestPlatform, type TestPlatform } from '../../../../test/harness';
import { newBot, upload } from './testKit';

let p: TestPlatform;
let m1: ApiClient;
let botId = 0;
let promptKey = '';
beforeAll(async () => {
  p = await startTestPlatform();
  m1 = await loggedIn(p, 'merchant01');
  botId = (await newBot(m1, '上传检查')).id;
  promptKey = (await m1.get<{ promptKey: string }[]>(`/api/bots/${botId}/recordings`)).body.data![0]!
    .promptKey;
}, 60_000);
afterAll(() => p.close());

afterEach(() => {
  m1.lang = 'zh-CN';
});

/** The reason under `file` of a refused upload. */
const fileReason = (body: { data: unknown }) =>
  (body.data as { errors: { path: string; message: string }[] }).errors;

/** A multipart POST with fields but no file. */
async function withoutFile(path: string, lang: string) {
  const form = new FormData();
  form.append('promptKey', promptKey);
  const res = await fetch(p.url + path, {
    method: 'POST',
    headers: {
      'accept-language': lang,
      ...(m1.cookie ? { cookie: `Auth=${m1.cookie}` } : {}),
      ...(m1.token ? { authorization: `Bearer ${m1.token}` } : {}),
    },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as { code: number; message: string; data: unknown } };
}

describe('receiveFile refusals', () => {
  it('a body that is not multipart: zh-CN by default, English on request', async () => {
    const url = `/api/bots/${botId}/recordings`;
    const zh = await m1.post(url, { promptKey });
    expect([zh.status, zh.body.message]).toEqual([400, '请求参数有误']);
    expect(fileReason(zh.body)).toEqual([
      { path: 'file', message: '请用 multipart/form-data 上传文件（字段 file）' },
    ]);
    m1.lang = 'en';
    const en = await m1.post(url, { promptKey });
    expect(en.status).toBe(400);
    expect(fileReason(en.body)).toEqual([
      { path: 'file', message: 'Send the file as multipart/form-data in the field "file"' },
    ]);
  });

  it('a form without its file, in both languages', async () => {
    const url = `/api/bots/${botId}/recordings`;
    const zh = await withoutFile(url, 'zh-CN');
    expect(zh.status).toBe(400);
    expect(fileReason(zh.body)).toEqual([{ path: 'file', message: '没有收到文件：请在字段 file 中上传' }]);
    const en = await withoutFile(url, 'en');
    expect(fileReason(en.body)).toEqual([
      { path: 'file', message: 'No file: send it in the multipart field "file"' },
    ]);
  });

  it('a file over the limit is a 413 naming the limit, in both languages', async () => {
    const big = 'x'.repeat(2 * 1024 * 1024 + 1);
    const zh = await upload(m1, '/api/bots/import', big, 'bot.json', { password: 'demo1234' });
    expect([zh.status, zh.body.code]).toEqual([413, 413]);
    expect(fileReason(zh.body)).toEqual([{ path: 'file', message: '文件超过 2 MB' }]);
    m1.lang = 'en';
    const en = await upload(m1, '/api/bots/import', big, 'bot.json', { password: 'demo1234' });
    expect(en.status).toBe(413);
    expect(fileReason(en.body)).toEqual([{ path: 'file', message: 'The file is larger than 2 MB' }]);
    expect(en.body.message).toBe('The request is too large');
  });
});

describe('bot file refusals', () => {
  it('not JSON, or not a bot file of ours: zh-CN by default, English on request', async () => {
    const up = (content: string) =>
      upload(m1, '/api/bots/import', content, 'bot.json', { password: 'demo1234' });
    const notJson = await up('{not json');
    expect([notJson.status, notJson.body.message]).toEqual([400, '请求参数有误']);
    expect(fileReason(notJson.body)).toEqual([
      { path: 'file', message: '不是有效的机器人文件：内容不是 JSON' },
    ]);
    const other = await up(JSON.stringify({ format: 'other', version: 1 }));
    expect(fileReason(other.body)).toEqual([
      { path: 'file', message: '不是有效的机器人文件：须为本平台导出的机器人文件（callplat-bot 第 1 版）' },
    ]);
    m1.lang = 'en';
    expect(fileReason((await up('{not json')).body)).toEqual([
      { path: 'file', message: 'Not a valid bot file: it is not JSON' },
    ]);
    expect(fileReason((await up(JSON.stringify({ format: 'callplat-bot', version: 2 }))).body)).toEqual([
      {
        path: 'file',
        message:
          'Not a valid bot file: it must be a bot file exported by this platform (callplat-bot version 1)',
      },
    ]);
  });
});
