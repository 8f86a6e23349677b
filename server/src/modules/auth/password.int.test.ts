// Registration, forgot/reset through a real SMTP server, and password changes.
import { ApiClient } from '../../../../test/apiClient';
import { startTestPlatform, type TestPlatform } from '../../../../test/harness';

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ config: { publicUrl: 'https://calls.example.test' } });
});
afterAll(() => p.close());

const client = () => new ApiClient(p.url);
const linkToken = (text: string) => /https:\/\/calls\.example\.test\/forgot\?token=([\w-]+)/.exec(text)?.[1];

const verifyToken = (text: string) =>
  /https:\/\/calls\.example\.test\/register\?verify=([\w-]+)/.exec(text)?.[1];

describe('registration', () => {
  const form = {
    account: 'newuser01',
    password: 'secret12',
    confirm: 'secret12',
    email: 'new01@example.test',
    realName: '新用户',
    pledge: true,
  };
  const checkMail = { code: 200, message: '请查收邮件：打开邮件中的链接完成注册', data: null };

  it('creates an ordinary user under the super administrator, usable once its e-mail is verified', async () => {
    const r = await client().post('/api/auth/register', form);
    expect(r.body).toEqual(checkMail);
    // Issue 21: no use before the mailbox is proven (clear message, not "wrong password").
    const early = await client().login('newuser01', 'secret12');
    expect([early.status, early.body.code]).toEqual([403, 40010]);
    expect(early.body.message).toMatch(/验证邮箱/);
    const token = verifyToken((await p.waitForMail('new01@example.test')).text)!;
    expect(token).toBeTruthy();
    expect((await client().post('/api/auth/verify', { token })).body.code).toBe(200);
    // The link works once.
    expect((await client().post('/api/auth/verify', { token })).body.code).toBe(40007);
    expect((await client().post('/api/auth/verify', { token: 'x' })).status).toBe(400);
    const c = client();
    const login = await c.login('newuser01', 'secret12');
    // Served behind https (the public URL): the cookie is Secure.
    expect(login.headers.getSetCookie().find((x) => x.startsWith('Auth='))).toMatch(/; secure/i);
    expect(login.body.data!.me).toMatchObject({ level: 1, parentId: 1 });
    expect(login.body.data!.me.menus).toContain('dashboards/rootdashboard');
    expect(login.body.data!.me.menus).not.toContain('system/usermanagemain');
  });

  it('answers "check your e-mail" whatever exists, and tells only the mailbox owner (no existence oracle)', async () => {
    p.mail.mails.length = 0;
    // A taken e-mail (another tenant's, any case): same reply; its owner is told, nothing is created.
    const email = await client().post('/api/auth/register', {
      ...form,
      account: 'newuser02',
      email: 'MERCHANT01@callplat.local',
    });
    expect(email.body).toEqual(checkMail);
    const owner = await p.waitForMail('merchant01@callplat.local');
    expect(owner.text).toContain('merchant01');
    expect(await p.db.knex('accounts').where({ account: 'newuser02' }).first('id')).toBeUndefined();
    // A taken name, in another case: same reply; the registrant's mailbox hears it is not available.
    const name = await client().post('/api/auth/register', {
      ...form,
      account: 'MERCHANT01',
      email: 'n2@example.test',
    });
    expect(name.body).toEqual(checkMail);
    expect((await p.waitForMail('n2@example.test')).text).toMatch(/账号名 MERCHANT01 不可用/);
    expect(await p.db.knex('accounts').whereRaw('lower(email) = ?', ['n2@example.test']).first('id')).toBe(
      undefined,
    );
  });

  it('lets a new registration of an unverified mailbox replace the old one (no squatting)', async () => {
    const squat = { ...form, account: 'squatter1', email: 'victim@example.test' };
    await client().post('/api/auth/register', squat);
    const first = verifyToken((await p.waitForMail('victim@example.test')).text)!;
    p.mail.mails.length = 0;
    await client().post('/api/auth/register', {
      ...squat,
      account: 'victim001',
      password: 'mine1234',
      confirm: 'mine1234',
    });
    const second = verifyToken((await p.waitForMail('victim@example.test')).text)!;
    expect((await client().post('/api/auth/verify', { token: first })).body.code).toBe(40007);
    expect((await client().post('/api/auth/verify', { token: second })).body.code).toBe(200);
    expect((await client().login('victim001', 'mine1234')).body.code).toBe(200);
    expect((await client().login('squatter1', 'secret12')).body.code).toBe(40001);
  });

  it('refuses mismatched confirmation, bad fields and a missing pledge', async () => {
    const bad = await client().post('/api/auth/register', {
      ...form,
      account: 'ab!',
      confirm: 'different',
      email: 'x',
      phone: '123',
    });
    expect(bad.status).toBe(400);
    const paths = (bad.body.data as { errors: { path: string }[] }).errors.map((e) => e.path).sort();
    expect(paths).toEqual(['account', 'confirm', 'email', 'phone']);
    const mismatch = await client().post('/api/auth/register', {
      ...form,
      account: 'newuser03',
      email: 'n3@example.test',
      confirm: 'different',
    });
    expect((mismatch.body.data as { errors: { path: string }[] }).errors.map((e) => e.path)).toEqual([
      'confirm',
    ]);
    expect(
      (
        await client().post('/api/auth/register', {
          ...form,
          account: 'newuser04',
          email: 'n4@example.test',
          pledge: false,
        })
      ).body.code,
    ).toBe(40004);
  });

  it('creates exactly one account from two simultaneous identical submits', async () => {
    const f = { ...form, account: 'twinuser1', email: 'twin@example.test' };
    const replies = await Promise.all([
      client().post('/api/auth/register', f),
      client().post('/api/auth/register', f),
    ]);
    expect(replies.map((r) => r.body.code)).toEqual([200, 200]);
    expect(await p.db.knex('accounts').where({ account: 'twinuser1' }).count({ n: '*' }).first()).toEqual({
      n: '1',
    });
  });
});

describe('forgot and reset', () => {
  it('gives the same reply for known and unknown e-mails and mails a link built from the public URL', async () => {
    const known = await client().request(
      'POST',
      '/api/auth/forgot',
      { email: 'merchant01@callplat.local' },
      { host: 'evil.example' },
    );
    const unknown = await client().post('/api/auth/forgot', { email: 'nobody@callplat.local' });
    expect(known.body).toEqual(unknown.body);
    expect(known.body.code).toBe(200);
    const mail = await p.waitForMail('merchant01@callplat.local');
    expect(mail.subject).toBe('重置您的密码');
    expect(mail.text).not.toContain('evil.example');
    expect(linkToken(mail.text)).toBeTruthy();
    expect(p.mail.mails.some((m) => m.to === 'nobody@callplat.local')).toBe(false);
  });

  it('resets once, ends existing sessions, and refuses the link a second time', async () => {
    const session = client();
    await session.login('operator01');
    await client().post('/api/auth/forgot', { email: 'operator01@callplat.local' });
    const token = linkToken((await p.waitForMail('operator01@callplat.local')).text)!;
    const r = await client().post('/api/auth/reset', { token, password: 'newpass99', confirm: 'newpass99' });
    expect(r.body.code).toBe(200);
    expect((await session.get('/api/auth/me')).body.code).toBe(102);
    expect((await client().login('operator01', 'demo1234')).body.code).toBe(40001);
    expect((await client().login('operator01', 'newpass99')).body.code).toBe(200);
    expect(
      (await client().post('/api/auth/reset', { token, password: 'again999', confirm: 'again999' })).body
        .code,
    ).toBe(40007);
  });

  it('refuses an expired link', async () => {
    p.mail.mails.length = 0;
    await client().post('/api/auth/forgot', { email: 'superadmin@callplat.local' });
    const token = linkToken((await p.waitForMail('superadmin@callplat.local')).text)!;
    await p.db.knex('password_resets').update({ expires_at: new Date(Date.now() - 1000) });
    expect(
      (await client().post('/api/auth/reset', { token, password: 'newpass99', confirm: 'newpass99' })).body
        .code,
    ).toBe(40007);
    expect(
      (
        await client().post('/api/auth/reset', {
          token: 'x'.repeat(43),
          password: 'newpass99',
          confirm: 'newpass99',
        })
      ).body.code,
    ).toBe(40007);
    expect(
      (await client().post('/api/auth/reset', { token: 'short', password: '1', confirm: '2' })).status,
    ).toBe(400);
  });
});

describe('reset links end with a password change (issue 21)', () => {
  it('refuses a link mailed before the password was changed', async () => {
    p.mail.mails.length = 0;
    await client().post('/api/auth/forgot', { email: 'operator01@callplat.local' });
    const token = linkToken((await p.waitForMail('operator01@callplat.local')).text)!;
    const c = client();
    await c.login('operator01', 'newpass99'); // the password the reset test above set
    expect(
      (
        await c.post('/api/auth/password', {
          kind: 'login',
          oldPassword: 'newpass99',
          password: 'changed99',
          confirm: 'changed99',
        })
      ).body.code,
    ).toBe(200);
    const r = await client().post('/api/auth/reset', { token, password: 'stolen99', confirm: 'stolen99' });
    expect(r.body.code).toBe(40007);
    expect((await client().login('operator01', 'changed99')).body.code).toBe(200);
    // Even a link row left unused is dead: it was issued before the last change.
    await p.db.knex('password_resets').update({ used_at: null });
    expect(
      (await client().post('/api/auth/reset', { token, password: 'stolen99', confirm: 'stolen99' })).body
        .code,
    ).toBe(40007);
  });
});

describe('change password', () => {
  it('changes the login password, which ends every session of the account', async () => {
    const a = client();
    await a.login('merchant01');
    const b = client();
    await b.login('merchant01');
    expect(
      (
        await a.post('/api/auth/password', {
          kind: 'login',
          oldPassword: 'wrong999',
          password: 'fresh123',
          confirm: 'fresh123',
        })
      ).body.code,
    ).toBe(40008);
    const stolen = a.cookie;
    const r = await a.post('/api/auth/password', {
      kind: 'login',
      oldPassword: 'demo1234',
      password: 'fresh123',
      confirm: 'fresh123',
    });
    expect(r.body).toMatchObject({ code: 200, data: { loggedOut: true } });
    expect(a.cookie).toBeUndefined(); // the reply clears the cookie; the old one is dead on the server too
    a.cookie = stolen;
    expect((await a.get('/api/auth/me')).body.code).toBe(102);
    expect((await b.get('/api/auth/me')).body.code).toBe(102);
    expect((await client().login('merchant01', 'fresh123')).body.code).toBe(200);
  });

  it('sets the export password (the login password stands in until then) without logging out', async () => {
    const c = client();
    await c.login('superadmin');
    expect((await c.post('/api/auth/export-password/check', { password: 'demo1234' })).body.code).toBe(200);
    const r = await c.post('/api/auth/password', {
      kind: 'export',
      oldPassword: 'demo1234',
      password: 'export77',
      confirm: 'export77',
    });
    expect(r.body.data).toEqual({ loggedOut: false });
    expect((await c.post('/api/auth/export-password/check', { password: 'demo1234' })).body.code).toBe(40008);
    expect((await c.post('/api/auth/export-password/check', { password: 'export77' })).body.code).toBe(200);
    expect(
      (await c.post('/api/auth/password', { kind: 'other', oldPassword: 'x', password: 'y', confirm: 'z' }))
        .status,
    ).toBe(400);
  });
});
