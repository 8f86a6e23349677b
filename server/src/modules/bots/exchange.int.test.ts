// Bot download (export) and upload (import) behind the Bot download password, and setting it.
import type { BotDetail } from '../../../../domain/bot/api';
import { startTree, type Tree } from '../../../../test/fixtures';
import { newBot, raw, upload } from './testKit';

let t: Tree;
beforeAll(async () => {
  t = await startTree();
}, 60_000);
afterAll(() => t.p.close());

describe('export and import', () => {
  it('exports with the export password while no download password is set, and imports the file', async () => {
    const b = await newBot(t.m1, '导出测试');
    const res = await raw(t.m1, 'POST', `/api/bots/${b.id}/export`, { password: 'demo1234' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('content-disposition')).toContain(`bot-${b.id}.json`);
    const file = (await res.json()) as {
      format: string;
      version: number;
      bot: { name: string };
      definition: unknown;
    };
    expect(file).toMatchObject({ format: 'callplat-bot', version: 1, bot: { name: '导出测试' } });
    expect(file.definition).toEqual(b.definition);

    const imported = await upload<BotDetail>(t.m1, '/api/bots/import', JSON.stringify(file), 'bot.json', {
      password: 'demo1234',
    });
    expect(imported.status).toBe(200);
    expect(imported.body.data).toMatchObject({ name: '导出测试', status: 'draft', accountId: t.ids.m1 });
    expect(imported.body.data!.definition).toEqual(b.definition);
  });

  it('refuses a wrong password (rate limited) and bad files', async () => {
    const b = await newBot(t.op1, '坐席导出');
    const wrong = await t.op1.post(`/api/bots/${b.id}/export`, { password: 'nope' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe(40008);
    expect((await t.op1.post(`/api/bots/${b.id}/export`, {})).status).toBe(400);
    const good = { format: 'callplat-bot', version: 1, bot: { name: '导入' }, definition: b.definition };
    const up = (content: string, password = 'demo1234') =>
      upload(t.op1, '/api/bots/import', content, 'bot.json', { password });
    expect((await up(JSON.stringify(good), 'nope')).status).toBe(400);
    expect((await up('{not json')).status).toBe(400);
    expect((await up(JSON.stringify({ ...good, format: 'other' }))).status).toBe(400);
    expect((await up(JSON.stringify({ ...good, version: 2 }))).status).toBe(400);
    expect((await up(JSON.stringify({ ...good, bot: { name: 'x' } }))).status).toBe(400);
    expect((await up(JSON.stringify({ ...good, definition: { flows: [] } }))).status).toBe(400);
    const big = await up(JSON.stringify({ ...good, pad: 'x'.repeat(2 * 1024 * 1024) }));
    expect([400, 413]).toContain(big.status);
    expect(big.body.data).toEqual({ errors: [expect.objectContaining({ path: 'file' })] });
    expect((await t.op1.request('POST', '/api/bots/import', {})).status).toBe(400);
    expect((await up(JSON.stringify(good))).status).toBe(200);
  });

  it('uses the Bot download password once set (login password needed to set it)', async () => {
    const b = await newBot(t.m2, '下载密码');
    expect(
      (await t.m2.put('/api/bots/download-password', { loginPassword: 'wrong', password: 'botpass1' }))
        .status,
    ).toBe(400);
    expect(
      (await t.m2.put('/api/bots/download-password', { loginPassword: 'secret12', password: '123' })).status,
    ).toBe(400);
    expect(
      (await t.m2.put('/api/bots/download-password', { loginPassword: 'secret12', password: 'botpass1' }))
        .body.code,
    ).toBe(200);
    const row = await t.p.db.knex('accounts').where({ id: t.ids.m2 }).first('bot_download_password_hash');
    expect(row.bot_download_password_hash).toMatch(/^\$argon2id\$/);
    // The export password no longer opens it; the download password does.
    expect((await t.m2.post(`/api/bots/${b.id}/export`, { password: 'secret12' })).status).toBe(400);
    expect((await raw(t.m2, 'POST', `/api/bots/${b.id}/export`, { password: 'botpass1' })).status).toBe(200);
    // Failures are counted like the export-password check: enough of them block for a while.
    let last = 0;
    for (let i = 0; i < 12 && last !== 429; i++)
      last = (await t.m2.post(`/api/bots/${b.id}/export`, { password: `bad${i}` })).status;
    expect(last).toBe(429);
    expect((await t.m2.post(`/api/bots/${b.id}/export`, { password: 'botpass1' })).status).toBe(429);
  });
});
