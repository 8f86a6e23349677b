// Batch training (POST /api/bots/:id/grade-set): a file of test conversations graded on the draft.
// The engine is being reworked: the tests check the rows' structure and their agreement with the
// summary, not the grade or the reason text the engine gives today.
import type { BotDetail } from '../../../../domain/bot/api';
import { GRADE_FILE_MAX_BYTES, type GradeRow } from '../../../../domain/bot/gradeSet';
import { ApiClient } from '../../../../test/apiClient';
import { loggedIn, startTree, type Tree } from '../../../../test/fixtures';
import type { GradeSetReply } from './gradeSet';
import { newBot, upload } from './testKit';

let t: Tree;
beforeAll(async () => {
  t = await startTree();
}, 60_000);
afterAll(() => t.p.close());

const url = (id: number) => `/api/bots/${id}/grade-set`;
const line = (v: unknown) => JSON.stringify(v);

/** Every row is either graded (a letter or a result code, replies, a reason) or an error. */
function expectWellFormed(rows: GradeRow[]) {
  for (const r of rows) {
    expect(r.line).toEqual(expect.any(Number));
    expect(typeof r.reason).toBe('string');
    if (r.error) {
      expect(r).toMatchObject({ grade: null, result: null, replies: [] });
      continue;
    }
    expect(r.result).toEqual(expect.any(Number));
    if (r.grade !== null) expect(r.grade).toMatch(/^[A-F]$/);
    expect(r.replies.every((x) => typeof x === 'string')).toBe(true);
    if (r.expect !== undefined) expect(typeof r.exact).toBe('boolean');
  }
}

describe('grade-set', () => {
  it('grades every line on the draft, whatever bot the lines name', async () => {
    const b = await newBot(t.m1, '批量测试');
    // The draft, not a published version, is what is graded: change the opening words first.
    const def = structuredClone(b.definition);
    def.flows[0]!.nodes[0]!.prompts = [{ text: '您好，这里是批量测试，请问现在方便吗？' }];
    const saved = await t.m1.put<BotDetail>(`/api/bots/${b.id}/draft`, {
      definition: def,
      draftRev: b.draftRev,
    });
    expect(saved.status).toBe(200);
    const file = [
      '// a comment line',
      line({ bot: 'mortgage', turns: ['可以'], expect: 'A' }),
      '',
      line({ turns: ['<silence>', '<silence>'], expect: 'E' }),
      line({ bot: 999999, turns: ['我不需要', '<hangup>'] }),
      line({ bot: 'x', turns: ['<dtmf:1>'], expect: '70' }),
    ].join('\r\n');
    const r = await upload<GradeSetReply>(t.m1, url(b.id), file, 'cases.jsonl');
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(200);
    const { rows, summary } = r.body.data!;
    expect(rows.map((x) => x.line)).toEqual([2, 4, 5, 6]);
    expectWellFormed(rows);
    expect(rows.filter((x) => x.error)).toEqual([]);
    for (const x of rows) expect(x.replies[0]).toBe('您好，这里是批量测试，请问现在方便吗？');
    expect(rows[0]).toMatchObject({ expect: 'A', exact: rows[0]!.grade === 'A' });
    expect(rows[2]!.expect).toBeUndefined();
    expect(rows[2]!.exact).toBeUndefined();
    expect(rows[3]).toMatchObject({ expect: '70', exact: rows[3]!.result === 70 });
    const exact = rows.filter((x) => x.exact).length;
    expect(summary).toEqual({ total: 4, exact, accuracy: Math.round((exact / 3) * 10000) / 10000 });
    // A .txt or .json name is taken too; nothing is written for the learning list.
    const txt = await upload<GradeSetReply>(t.m1, url(b.id), line({ turns: ['可以'] }), 'cases.TXT');
    expect(txt.status).toBe(200);
    expect(txt.body.data!.summary).toEqual({ total: 1, exact: 0, accuracy: 0 });
    expect((await upload(t.m1, url(b.id), line({ turns: ['可以'] }), 'case.json')).status).toBe(200);
    expect(await t.p.db.knex('bot_learning').where({ bot_id: b.id })).toEqual([]);
  });

  it('reports a bad line with its number and still grades the others', async () => {
    const b = await newBot(t.m1, '坏行');
    const file = [
      line({ turns: ['可以'], expect: 'B' }),
      '{"turns": ["可以"], "expect": ',
      line({ turns: '可以' }),
      line({ turns: ['可以'], expect: 'Z' }),
      line({ turns: ['<beep>'] }),
      line({ turns: ['<silence>'], expect: 'E' }),
    ].join('\n');
    const r = await upload<GradeSetReply>(t.m1, url(b.id), file, 'mixed.jsonl');
    expect(r.status).toBe(200);
    const { rows, summary } = r.body.data!;
    expectWellFormed(rows);
    expect(rows.map((x) => x.line)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(rows.map((x) => Boolean(x.error))).toEqual([false, true, true, true, true, false]);
    for (const x of rows.filter((y) => y.error)) expect(x.error).toContain(String(x.line));
    expect(rows[1]!.error).toContain('JSON');
    expect(summary.total).toBe(6);
    const scored = rows.filter((x) => x.exact !== undefined);
    expect(summary.exact).toBe(scored.filter((x) => x.exact).length);
  });

  it('refuses an oversize file, a missing file, a non-text file and a plain JSON body', async () => {
    const b = await newBot(t.m1, '坏文件');
    const big = line({ turns: ['可以'] }).padEnd(GRADE_FILE_MAX_BYTES + 1, ' ');
    const tooBig = await upload(t.m1, url(b.id), big, 'big.jsonl');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toEqual({
      code: 413,
      message: '请求内容过大',
      data: { errors: [{ path: 'file', message: '文件超过 2 MB' }] },
    });
    t.m1.lang = 'en';
    expect((await upload(t.m1, url(b.id), big, 'big.jsonl')).body.data).toEqual({
      errors: [{ path: 'file', message: 'The file is larger than 2 MB' }],
    });
    t.m1.lang = 'zh-CN';

    // Multipart without a file.
    const form = new FormData();
    form.append('note', 'x');
    const res = await fetch(t.p.url + url(b.id), {
      method: 'POST',
      headers: {
        'accept-language': 'zh-CN',
        ...(t.m1.cookie ? { cookie: `Auth=${t.m1.cookie}` } : {}),
        ...(t.m1.token ? { authorization: `Bearer ${t.m1.token}` } : {}),
      },
      body: form,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 400,
      message: '请求参数有误',
      data: { errors: [{ path: 'file', message: '没有收到文件：请在字段 file 中上传' }] },
    });
    const json = await t.m1.post(url(b.id), { turns: ['可以'] });
    expect(json.status).toBe(400);
    expect(json.body.data).toEqual({ errors: [{ path: 'file', message: expect.any(String) }] });

    const csv = await upload(t.m1, url(b.id), line({ turns: ['可以'] }), 'cases.csv');
    expect(csv.status).toBe(400);
    expect(csv.body.data).toEqual({
      errors: [{ path: 'file', message: '测试文件须为 .jsonl、.txt 或 .json 文本文件' }],
    });
    const binary = await upload(t.m1, url(b.id), Buffer.from([0xff, 0xfe, 0x00, 0x7b]), 'cases.jsonl');
    expect(binary.status).toBe(400);
    expect(binary.body.data).toEqual({
      errors: [{ path: 'file', message: '测试文件须为 UTF-8 编码的文本' }],
    });
    // An empty file is an empty table.
    const empty = await upload<GradeSetReply>(t.m1, url(b.id), '', 'empty.jsonl');
    expect(empty.body.data).toEqual({ rows: [], summary: { total: 0, exact: 0, accuracy: 0 } });
  });

  it("answers 404 on another tenant's bot, 403 without the bot menu and 401 without a session", async () => {
    const victim = await newBot(t.m1, '别人的批量测试');
    const file = line({ turns: ['可以'], expect: 'A' });
    const other = await upload(t.m2, url(victim.id), file, 'cases.jsonl');
    expect(other.status).toBe(404);
    expect(other.body.data).toBeNull();
    // A subordinate of the owner is below it, not above: also 404.
    expect((await upload(t.op1, url(victim.id), file, 'cases.jsonl')).status).toBe(404);
    const noMenu = await loggedIn(t.p, 'm2user01', 'secret12'); // customer menus only
    const forbidden = await upload(noMenu, url(victim.id), file, 'cases.jsonl');
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.data).toBeNull();
    const anon = await upload(new ApiClient(t.p.url), url(victim.id), file, 'cases.jsonl');
    expect(anon.status).toBe(401);
    expect((await upload(t.m1, '/api/bots/abc/grade-set', file, 'cases.jsonl')).status).toBe(400);
    expect((await upload(t.m1, url(99_999_999), file, 'cases.jsonl')).status).toBe(404);
  });
});
