// Blacklists: the platform list (super administrator) and account lists, bulk add with a report,
// removal, the hash lookup used by imports and dialing, and tenant isolation.
import type { ApiClient } from '../../../../../test/apiClient';
import { startTestPlatform, type TestPlatform } from '../../../../../test/harness';
import type { Actor } from '../../../db/scope';
import { phoneHash } from '../../../../../platform/secrets';
import { accountId, loggedIn, secondMerchantTree } from '../../../../../test/fixtures';
import { blacklistedHashes, type BlacklistEntryDto } from './repo';

let p: TestPlatform;
let admin: ApiClient;
let m1: ApiClient;
let other: Awaited<ReturnType<typeof secondMerchantTree>>;

type Page = { items: BlacklistEntryDto[]; nextAfter: number | null };
type Added = { added: number; duplicates: number; invalid: { index: number; value: string }[] };
const list = async (c: ApiClient, q: string) => (await c.get<Page>(`/api/crm/blacklist?${q}`)).body.data!;
const hash = (digits: string) => phoneHash(p.config.secretKey, digits);
const actorOf = async (account: string): Promise<Actor> => {
  const a = await p.db.knex('accounts').where({ account }).first('id', 'level', 'path');
  return { id: Number(a.id), level: a.level, path: a.path };
};

beforeAll(async () => {
  p = await startTestPlatform();
  admin = await loggedIn(p, 'superadmin');
  m1 = await loggedIn(p, 'merchant01');
  other = await secondMerchantTree(p);
});
afterAll(() => p.close());

describe('adding and listing', () => {
  it('adds in bulk and reports duplicates and invalid lines by index', async () => {
    const r = await m1.post<Added>('/api/crm/blacklist', {
      scope: 'account',
      phones: ['13800000001', '138-0000-0002', '13800000001', '12345', '010-12345678', 'abc', '12800000000'],
      reason: '投诉',
    });
    expect(r.body.data).toEqual({
      added: 3,
      duplicates: 1,
      invalid: [
        { index: 3, value: '12345' },
        { index: 5, value: 'abc' },
        { index: 6, value: '12800000000' },
      ],
    });
    const again = await m1.post<Added>('/api/crm/blacklist', { scope: 'account', phones: ['13800000002'] });
    expect(again.body.data).toEqual({ added: 0, duplicates: 1, invalid: [] });
    const page = await list(m1, 'scope=account');
    expect(page.items.map((i) => i.phone)).toEqual(['13800000001', '13800000002', '01012345678']);
    expect(page.items[0]).toMatchObject({ scope: 'account', reason: '投诉' });
    expect((await list(m1, 'scope=account&phone=010')).items.map((i) => i.phone)).toEqual(['01012345678']);
    const first = await list(m1, 'scope=account&limit=2');
    expect((await list(m1, `scope=account&after=${first.nextAfter}`)).items.map((i) => i.phone)).toEqual([
      '01012345678',
    ]);
  });

  it('accepts the forms the importer accepts: +86, 86-, 0086, full-width, 400 numbers', async () => {
    const r = await m1.post<Added>('/api/crm/blacklist', {
      scope: 'account',
      phones: [
        '+86 139 0000 0001',
        '86-13900000002',
        '0086 139-0000-0003',
        '１３９００００００04',
        '＋８６　１３９　００００　０００５',
        '400-123-4567',
        '+86 10 8765 4321',
        '+86 139 0000 0001', // the same number as the first, written the same
        '8613900000002', // the same as the second, written differently
        '87654321', // a local number without its area code
      ],
    });
    expect(r.body.data).toEqual({ added: 7, duplicates: 2, invalid: [{ index: 9, value: '87654321' }] });
    const phones = (await list(m1, 'scope=account&limit=500')).items.map((i) => i.phone);
    expect(phones).toEqual(
      expect.arrayContaining([
        '13900000001',
        '13900000002',
        '13900000003',
        '13900000004',
        '13900000005',
        '4001234567',
        '01087654321',
      ]),
    );
    // Searching takes the same forms.
    expect(
      (await list(m1, 'scope=account&phone=%2B86%20139%200000%200004')).items.map((i) => i.phone),
    ).toEqual(['13900000004']);
    expect(
      (await list(m1, `scope=account&phone=${encodeURIComponent('１３９００００００05')}`)).items,
    ).toHaveLength(1);
    expect((await m1.get('/api/crm/blacklist?scope=account&phone=abc')).status).toBe(400);
  });

  it('keeps the platform list to the super administrator: others can neither change nor read it', async () => {
    expect((await m1.post('/api/crm/blacklist', { scope: 'platform', phones: ['13900000009'] })).status).toBe(
      403,
    );
    const r = await admin.post<Added>('/api/crm/blacklist', { scope: 'platform', phones: ['13900000009'] });
    expect(r.body.data).toMatchObject({ added: 1 });
    expect((await list(admin, 'scope=platform')).items.map((i) => i.phone)).toEqual(['13900000009']);
    // Issue 21: a merchant read the platform list (masked). Now 403, with nothing of the list.
    const read = await m1.get('/api/crm/blacklist?scope=platform');
    expect(read.status).toBe(403);
    expect(JSON.stringify(read.body)).not.toMatch(/0009/);
    expect((await other.m2.get('/api/crm/blacklist?scope=platform&phone=139')).status).toBe(403);
    const id = (await list(admin, 'scope=platform')).items[0]!.id;
    expect((await m1.post('/api/crm/blacklist/remove', { ids: [id] })).body.code).toBe(404);
    expect((await p.db.knex('blacklist_numbers').where({ id }).first('id'))?.id).toBe(String(id));
  });

  it.each([
    ['no scope', { phones: ['13800000001'] }],
    ['an unknown scope', { scope: 'world', phones: ['13800000001'] }],
    ['no phones', { scope: 'account', phones: [] }],
    ['phones not strings', { scope: 'account', phones: [13800000001] }],
    ['phones not a list', { scope: 'account', phones: '13800000001' }],
    ['too many phones', { scope: 'account', phones: Array.from({ length: 10001 }, () => '13800000001') }],
    ['a reason too long', { scope: 'account', phones: ['13800000001'], reason: 'x'.repeat(201) }],
  ])('refuses %s (400)', async (_, req) => {
    expect((await m1.post('/api/crm/blacklist', req)).status).toBe(400);
  });

  it('adds 10000 numbers in one request', async () => {
    const phones = Array.from({ length: 10000 }, (_, i) => `137${String(i).padStart(8, '0')}`);
    const r = await other.m2.post<Added>('/api/crm/blacklist', { scope: 'account', phones });
    expect(r.body.data).toEqual({ added: 10000, duplicates: 0, invalid: [] });
  });
});

describe('removing', () => {
  it('removes own entries only; the super administrator also removes platform entries', async () => {
    await m1.post('/api/crm/blacklist', { scope: 'account', phones: ['13600000001'] });
    const mine = (await list(m1, 'scope=account&phone=136')).items[0]!;
    expect((await m1.post('/api/crm/blacklist/remove', { ids: [mine.id] })).body.data).toEqual({
      removed: 1,
    });
    expect((await list(m1, 'scope=account&phone=136')).items).toEqual([]);
    await admin.post('/api/crm/blacklist', { scope: 'platform', phones: ['13600000002'] });
    const pid = (await list(admin, 'scope=platform&phone=136')).items[0]!.id;
    expect((await admin.post('/api/crm/blacklist/remove', { ids: [pid] })).body.data).toEqual({ removed: 1 });
    expect((await m1.post('/api/crm/blacklist/remove', { ids: ['x'] })).status).toBe(400);
  });
});

describe('blacklistedHashes', () => {
  it("blocks the platform list, the account's own list and every ancestor's list", async () => {
    await admin.post('/api/crm/blacklist', { scope: 'platform', phones: ['13500000001'] });
    await m1.post('/api/crm/blacklist', { scope: 'account', phones: ['13500000002'] });
    const op = await loggedIn(p, 'operator01');
    expect((await op.post('/api/crm/blacklist', { scope: 'account', phones: ['13500000003'] })).status).toBe(
      403,
    ); // no menu
    const opId = await accountId(p, 'operator01');
    await p.db
      .knex('blacklist_numbers')
      .insert({ account_id: opId, phone: '13500000003', phone_hash: hash('13500000003') });
    await other.m2.post('/api/crm/blacklist', { scope: 'account', phones: ['13500000004'] });

    const all = ['13500000001', '13500000002', '13500000003', '13500000004', '13500000005'].map(hash);
    const blocked = async (account: string) =>
      [...(await blacklistedHashes(p.db.knex, await actorOf(account), all))]
        .map((h) => all.indexOf(h) + 1)
        .sort();
    expect(await blocked('operator01')).toEqual([1, 2, 3]); // platform, its merchant's, its own
    expect(await blocked('merchant01')).toEqual([1, 2]); // not its subordinate's list
    expect(await blocked('merchant02')).toEqual([1, 4]);
    expect(await blocked('m2user01')).toEqual([1, 4]);
    expect(await blacklistedHashes(p.db.knex, await actorOf('merchant01'), [])).toEqual(new Set());
  });
});

describe('tenant isolation', () => {
  it("another merchant tree cannot see or remove merchant01's list (404)", async () => {
    await m1.post('/api/crm/blacklist', { scope: 'account', phones: ['13400000001'] });
    const entry = (await list(m1, 'scope=account&phone=134')).items[0]!;
    for (const c of [other.m2, other.u2]) {
      expect((await list(c, 'scope=account&phone=134')).items).toEqual([]);
      expect((await c.post('/api/crm/blacklist/remove', { ids: [entry.id] })).body.code).toBe(404);
    }
    expect((await list(m1, 'scope=account&phone=134')).items.map((i) => i.id)).toEqual([entry.id]);
  });
});
