// The customer sea: release, list, claim (race-safe, daily limit), settings, automatic release,
// and tenant isolation.
import { ApiClient } from '../../../../../test/apiClient';
import { startTestPlatform, type TestPlatform } from '../../../../../test/harness';
import { accountId, insertCustomer, loggedIn, secondMerchantTree } from '../../../../../test/fixtures';
import { autoReleaseToSea } from './autoRelease';
import type { SeaCustomerDto } from '../../../../../domain/crm';

let p: TestPlatform;
let m1: ApiClient;
let op: ApiClient;
let other: Awaited<ReturnType<typeof secondMerchantTree>>;
let ids: { m1: number; op: number; m2: number; u2: number };

type Claimed = { claimed: number[]; missed: number[]; remaining: number };
const seaOf = async (c: ApiClient, q = '') =>
  (await c.get<{ items: SeaCustomerDto[]; nextBefore: number | null }>(`/api/crm/sea${q}`)).body.data!;
const row = (id: number) => p.db.knex('customers').where({ id }).first('account_id', 'in_sea', 'sea_since');
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

beforeAll(async () => {
  p = await startTestPlatform();
  await p.server.deps.queues.crm.pause(true); // the hourly job must not race the direct calls
  m1 = await loggedIn(p, 'merchant01');
  op = await loggedIn(p, 'operator01');
  other = await secondMerchantTree(p);
  ids = {
    m1: await accountId(p, 'merchant01'),
    op: await accountId(p, 'operator01'),
    m2: other.merchant.id,
    u2: other.user.id,
  };
});
afterAll(() => p.close());

describe('release and claim', () => {
  it("releases a subordinate's customers into the merchant's sea and claims them back", async () => {
    const a = await insertCustomer(p, ids.op);
    const b = await insertCustomer(p, ids.op);
    const foreign = await insertCustomer(p, ids.u2);
    const r = await op.post('/api/crm/sea/release', { customerIds: [a, b, foreign, a] });
    expect(r.body.data).toEqual({ released: 2, skipped: 1, ids: expect.arrayContaining([a, b]) });
    expect(await row(a)).toMatchObject({ account_id: String(ids.m1), in_sea: true });
    expect((await row(a)).sea_since).not.toBeNull();
    expect(await row(foreign)).toMatchObject({ account_id: String(ids.u2), in_sea: false });

    // The operator and its merchant both see merchant01's sea.
    for (const c of [op, m1])
      expect((await seaOf(c)).items.map((i) => i.id)).toEqual(expect.arrayContaining([a, b]));
    const claimed = (await op.post<Claimed>('/api/crm/sea/claim', { customerIds: [a] })).body.data!;
    expect(claimed).toMatchObject({ claimed: [a], missed: [], remaining: 49 });
    expect(await row(a)).toMatchObject({ account_id: String(ids.op), in_sea: false, sea_since: null });
    expect(await p.db.knex('sea_claims').where({ customer_id: a }).select('account_id')).toEqual([
      { account_id: String(ids.op) },
    ]);
    // Claiming it again: already taken, nothing changes.
    expect((await m1.post<Claimed>('/api/crm/sea/claim', { customerIds: [a] })).body.data!.missed).toEqual([
      a,
    ]);
  });

  it('lists the sea with filters and keyset pages', async () => {
    const made: number[] = [];
    for (let i = 0; i < 3; i++)
      made.push(await insertCustomer(p, ids.m1, { name: `海客${i}`, stage: i === 0 ? 400 : 100 }));
    await m1.post('/api/crm/sea/release', { customerIds: made });
    expect((await seaOf(m1, '?name=海客')).items.map((i) => i.id)).toEqual([...made].reverse());
    expect((await seaOf(m1, '?name=海客&stage=400')).items.map((i) => i.id)).toEqual([made[0]]);
    const phone = (await p.db.knex('customers').where({ id: made[1] }).first('phone')).phone;
    expect((await seaOf(m1, `?phone=${phone}`)).items.map((i) => i.id)).toEqual([made[1]]);
    const first = await seaOf(m1, '?name=海客&limit=2');
    expect(first.items).toHaveLength(2);
    expect((await seaOf(m1, `?name=海客&before=${first.nextBefore}`)).items.map((i) => i.id)).toEqual([
      made[0],
    ]);
    expect((await m1.get('/api/crm/sea?stage=700')).status).toBe(400);
  });

  it('exactly one of two users claiming the same customer wins', async () => {
    for (let round = 0; round < 5; round++) {
      const c = await insertCustomer(p, ids.m1, { in_sea: true, sea_since: new Date() });
      const [x, y] = await Promise.all([
        op.post<Claimed>('/api/crm/sea/claim', { customerIds: [c] }),
        m1.post<Claimed>('/api/crm/sea/claim', { customerIds: [c] }),
      ]);
      const winners = [x, y].filter((r) => r.body.data!.claimed.includes(c));
      expect(winners).toHaveLength(1);
      expect(await p.db.knex('sea_claims').where({ customer_id: c }).count({ n: '*' }).first()).toEqual({
        n: '1',
      });
    }
  });

  it('holds the daily claim limit, also under concurrent claims by one user', async () => {
    await m1.put('/api/crm/sea/settings', { autoReleaseDays: null, dailyClaimLimit: 3 });
    try {
      const c3 = await loggedIn(p, 'operator01'); // a second session of the same user
      await p.db.knex('sea_claims').where({ account_id: ids.op }).delete(); // start the day afresh
      const pool: number[] = [];
      for (let i = 0; i < 6; i++)
        pool.push(await insertCustomer(p, ids.m1, { in_sea: true, sea_since: new Date() }));
      const replies = await Promise.all(
        pool.map((id, i) => (i % 2 ? op : c3).post<Claimed>('/api/crm/sea/claim', { customerIds: [id] })),
      );
      const won = replies.filter((r) => r.body.code === 200).flatMap((r) => r.body.data!.claimed);
      expect(won).toHaveLength(3);
      const refused = replies.filter((r) => r.body.code !== 200);
      expect(refused).toHaveLength(3);
      expect(refused[0]!.status).toBe(400);
      expect(refused[0]!.body.data).toEqual({ reason: 'seaClaimLimit', limit: 3, used: 3, remaining: 0 });
      // Asking for more than is left is refused whole.
      await p.db.knex('sea_claims').where({ account_id: ids.op }).delete();
      const big = await op.post('/api/crm/sea/claim', {
        customerIds: pool.filter((id) => !won.includes(id)).concat(won),
      });
      expect(big.body.data).toMatchObject({ reason: 'seaClaimLimit', remaining: 3 });
      // Yesterday's claims (Asia/Shanghai) do not count.
      await p.db.knex('sea_claims').where({ account_id: ids.op }).delete();
      await p.db
        .knex('sea_claims')
        .insert(won.map((id) => ({ account_id: ids.op, customer_id: id, claimed_at: daysAgo(1.1) })));
      const left = pool.filter((id) => !won.includes(id));
      expect(
        (await op.post<Claimed>('/api/crm/sea/claim', { customerIds: left })).body.data!.claimed.sort(),
      ).toEqual([...left].sort());
    } finally {
      await m1.put('/api/crm/sea/settings', { autoReleaseDays: null, dailyClaimLimit: 50 });
    }
  });

  it.each([
    ['no ids', { customerIds: [] }],
    ['ids as strings', { customerIds: ['1'] }],
    ['negative ids', { customerIds: [-1] }],
    ['too many ids', { customerIds: Array.from({ length: 201 }, (_, i) => i + 1) }],
    ['a missing list', {}],
  ])('refuses a claim with %s (400)', async (_, req) => {
    expect((await op.post('/api/crm/sea/claim', req)).status).toBe(400);
  });

  it('refuses a release of more than 5000 ids (400)', async () => {
    const r = await m1.post('/api/crm/sea/release', {
      customerIds: Array.from({ length: 5001 }, (_, i) => i + 1),
    });
    expect(r.status).toBe(400);
  });
});

describe('settings and automatic release', () => {
  it('lets only the sea owner change the settings', async () => {
    expect((await op.get('/api/crm/sea/settings')).body.data).toEqual({
      ownerId: ids.m1,
      autoReleaseDays: null,
      dailyClaimLimit: 50,
    });
    expect((await op.put('/api/crm/sea/settings', { autoReleaseDays: 5, dailyClaimLimit: 10 })).status).toBe(
      403,
    );
    for (const bad of [
      { autoReleaseDays: 0, dailyClaimLimit: 10 },
      { autoReleaseDays: 366, dailyClaimLimit: 10 },
      { autoReleaseDays: 5, dailyClaimLimit: 10001 },
      { autoReleaseDays: '5', dailyClaimLimit: 10 },
      { dailyClaimLimit: 10 },
    ])
      expect((await m1.put('/api/crm/sea/settings', bad)).status).toBe(400);
    const ok = await m1.put('/api/crm/sea/settings', { autoReleaseDays: 7, dailyClaimLimit: 20 });
    expect(ok.body.data).toEqual({ ownerId: ids.m1, autoReleaseDays: 7, dailyClaimLimit: 20 });
    expect((await op.get('/api/crm/sea/settings')).body.data).toMatchObject({ autoReleaseDays: 7 });
    // Another tree keeps its own settings.
    expect((await other.u2.get('/api/crm/sea/settings')).body.data).toEqual({
      ownerId: ids.m2,
      autoReleaseDays: null,
      dailyClaimLimit: 50,
    });
  });

  it('releases customers not followed up for N days, per merchant, and spares fresh claims', async () => {
    await m1.put('/api/crm/sea/settings', { autoReleaseDays: 7, dailyClaimLimit: 50 });
    try {
      const stale = await insertCustomer(p, ids.op, { last_follow_up_at: daysAgo(8) });
      const neverFollowed = await insertCustomer(p, ids.op, { created_at: daysAgo(9) });
      const fresh = await insertCustomer(p, ids.op, {
        last_follow_up_at: daysAgo(2),
        created_at: daysAgo(30),
      });
      const claimedToday = await insertCustomer(p, ids.op, { created_at: daysAgo(30) });
      await p.db.knex('sea_claims').insert({ account_id: ids.op, customer_id: claimedToday });
      const otherTree = await insertCustomer(p, ids.u2, { created_at: daysAgo(30) }); // merchant02: no setting

      expect((await autoReleaseToSea(p.server.deps)).released).toBe(2);
      for (const id of [stale, neverFollowed])
        expect(await row(id)).toMatchObject({ in_sea: true, account_id: String(ids.m1) });
      for (const id of [fresh, claimedToday]) expect(await row(id)).toMatchObject({ in_sea: false });
      expect(await row(otherTree)).toMatchObject({ in_sea: false, account_id: String(ids.u2) });
      expect((await autoReleaseToSea(p.server.deps)).released).toBe(0);
    } finally {
      await m1.put('/api/crm/sea/settings', { autoReleaseDays: null, dailyClaimLimit: 50 });
    }
  });
});

describe('tenant isolation', () => {
  it("another merchant tree cannot release, see or claim from merchant01's sea", async () => {
    const inSea = await insertCustomer(p, ids.m1, { in_sea: true, sea_since: new Date() });
    const held = await insertCustomer(p, ids.op);
    for (const c of [other.m2, other.u2]) {
      expect((await seaOf(c)).items.map((i) => i.id)).not.toContain(inSea);
      expect(
        (await c.post<Claimed>('/api/crm/sea/claim', { customerIds: [inSea] })).body.data!.missed,
      ).toEqual([inSea]);
      expect((await c.post('/api/crm/sea/release', { customerIds: [held] })).body.data).toMatchObject({
        released: 0,
      });
    }
    expect(await row(inSea)).toMatchObject({ in_sea: true, account_id: String(ids.m1) });
    expect(await row(held)).toMatchObject({ in_sea: false, account_id: String(ids.op) });
  });
});

describe('the crm queue', () => {
  it("runs the 'sea-release' job by name", async () => {
    await m1.put('/api/crm/sea/settings', { autoReleaseDays: 3, dailyClaimLimit: 50 });
    const stale = await insertCustomer(p, ids.op, { created_at: daysAgo(4) });
    const q = p.server.deps.queues.crm;
    await q.resume(true);
    const job = await q.add('sea-release', {});
    expect(await job.finished()).toEqual({ released: 1 });
    expect(await row(stale)).toMatchObject({ in_sea: true, account_id: String(ids.m1) });
  });
});

describe('self-registered tenants (issue 21)', () => {
  /** Registers through the API and follows the mailed link, as a person would. */
  async function registrant(name: string) {
    const email = `${name}@example.test`;
    const c = new ApiClient(p.url);
    await c.post('/api/auth/register', {
      account: name,
      password: 'secret12',
      confirm: 'secret12',
      email,
      realName: name,
      pledge: true,
    });
    const token = /verify=([\w-]+)/.exec((await p.waitForMail(email)).text)![1];
    expect((await c.post('/api/auth/verify', { token })).body.code).toBe(200);
    expect((await c.login(name, 'secret12')).body.code).toBe(200);
    return { c, id: await accountId(p, name) };
  }

  it("each registrant has its own sea: none sees or claims the super administrator's or another's", async () => {
    const rootId = await accountId(p, 'superadmin');
    const admin = await loggedIn(p, 'superadmin');
    const a = await registrant('seatenanta');
    const b = await registrant('seatenantb');
    const rootSea = await insertCustomer(p, rootId, { in_sea: true, sea_since: new Date() });
    expect((await seaOf(a.c)).items.map((i) => i.id)).not.toContain(rootSea);
    expect(
      (await a.c.post<Claimed>('/api/crm/sea/claim', { customerIds: [rootSea] })).body.data!.missed,
    ).toEqual([rootSea]);
    expect(await row(rootSea)).toMatchObject({ in_sea: true, account_id: String(rootId) });
    // What a registrant releases goes to its own sea, out of everyone else's reach.
    const mine = await insertCustomer(p, a.id);
    expect((await a.c.post('/api/crm/sea/release', { customerIds: [mine] })).body.data).toMatchObject({
      released: 1,
    });
    expect(await row(mine)).toMatchObject({ in_sea: true, account_id: String(a.id) });
    expect((await seaOf(a.c)).items.map((i) => i.id)).toEqual([mine]);
    for (const c of [b.c, admin]) {
      expect((await seaOf(c)).items.map((i) => i.id)).not.toContain(mine);
      expect(
        (await c.post<Claimed>('/api/crm/sea/claim', { customerIds: [mine] })).body.data!.missed,
      ).toEqual([mine]);
    }
    // It owns its sea's settings.
    expect((await a.c.get('/api/crm/sea/settings')).body.data).toMatchObject({ ownerId: a.id });
    expect(
      (await a.c.put('/api/crm/sea/settings', { autoReleaseDays: null, dailyClaimLimit: 7 })).status,
    ).toBe(200);
    // The super administrator's automatic release leaves a registrant's customers alone.
    await admin.put('/api/crm/sea/settings', { autoReleaseDays: 1, dailyClaimLimit: 50 });
    try {
      const old = await insertCustomer(p, a.id, { created_at: daysAgo(5) });
      await autoReleaseToSea(p.server.deps);
      expect(await row(old)).toMatchObject({ in_sea: false, account_id: String(a.id) });
    } finally {
      await admin.put('/api/crm/sea/settings', { autoReleaseDays: null, dailyClaimLimit: 50 });
    }
  });
});
