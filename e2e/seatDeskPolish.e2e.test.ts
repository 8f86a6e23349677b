// The seat desk's polish (issue 23) in Chromium, as operator01 who works a seat of merchant01:
// - the go-online prompt: a toast on the console while the seat is offline; dismissed, it stays away
//   after a reload; the next login shows it again, and its action puts the seat online;
// - the state switches keep their labels (they say what they do) while their position changes;
// - the pop-up's title says where the call comes from: 呼入来电 for an inbound call, 转人工 for a robot;
// - an inbound call of an unknown caller on the desk: 呼入, the masked number, no raw ids; the seat
//   creates the customer from the call (the number is the server's), and the card then shows it.
import { randomUUID } from 'node:crypto';
import { encryptSecret, phoneHash } from '../platform/secrets';
import { rooms } from '../domain/events';
import { maskPhone } from '../domain/format';
import type { SeatDto, SeatGroupDto, SeatStateDto } from '../domain/seats';
import { statesOf } from '../server/src/modules/seats/state/state';
import type { ApiClient } from '../test/apiClient';
import { loggedIn } from '../test/fixtures';
import { click, fill, login, newPage, shot, textOf, tid, waitForText } from './support/browser';
import { useE2eEnv } from './support/platform';

const env = useE2eEnv(120_000);
const CALLER = '13912340077';
const UUID_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

let m1: ApiClient;
let op: ApiClient;
let seat: SeatDto;
let m1Id: number;

beforeAll(async () => {
  const k = env.platform.db.knex;
  m1 = await loggedIn(env.platform, 'merchant01');
  op = await loggedIn(env.platform, 'operator01');
  m1Id = Number((await k('accounts').where({ account: 'merchant01' }).first('id')).id);
  const opId = Number((await k('accounts').where({ account: 'operator01' }).first('id')).id);
  const group = (await m1.post<SeatGroupDto>('/api/seats/groups', { name: '呼入组' })).body.data!;
  seat = (
    await m1.post<SeatDto>('/api/seats', {
      name: '坐席丙',
      type: 'extension',
      extension: '8103',
      authName: 'seat8103',
      authPassword: 'Desk-Pass-83',
      groupId: group.id,
      userId: opId,
    })
  ).body.data!;
});

const seatState = async () => (await op.get<SeatDto>(`/api/seats/${seat.id}/state`)).body.data!.state;
const labelOf = (page: Awaited<ReturnType<typeof newPage>>, testId: string) =>
  page.$eval(tid(testId), (el) => (el.closest('label')?.textContent ?? '').trim());
const checkedOf = (page: Awaited<ReturnType<typeof newPage>>, testId: string) =>
  page.$eval(tid(testId), (el) => (el as HTMLInputElement).checked);

it('prompts an offline seat to go online, stays dismissed for the session, and its action works', async () => {
  expect((await seatState()).online).toBe(false);
  const page = await newPage(env.b, true);
  await login(page, env.platform.url, 'operator01');
  await page.waitForSelector(tid('seat-online-prompt'));
  expect(await textOf(page, tid('seat-online-prompt'))).toContain('坐席丙');
  await shot(page, 'seat-online-prompt');

  // Dismissed: gone, and a reload (the same session) does not bring it back.
  await page.click('.cp-seat-online-prompt button[aria-label="Close"]');
  await page.waitForSelector(tid('seat-online-prompt'), { hidden: true });
  await page.reload();
  // The link and the prompt render from the same list: once the link shows, the prompt would too.
  await page.waitForSelector(tid('seat-desk-link'));
  expect(await page.$(tid('seat-online-prompt'))).toBeNull();

  // A new login is a new session: asked again, and "go online" puts the seat online.
  await click(page, 'user-menu');
  await click(page, 'menu-logout');
  await page.waitForSelector(tid('login-page'));
  await login(page, env.platform.url, 'operator01');
  await page.waitForSelector(tid('seat-online-prompt'));
  await click(page, 'seat-online-prompt-go');
  await page.waitForSelector(tid('seat-online-prompt'), { hidden: true });
  const deadline = Date.now() + 10_000;
  while (!(await seatState()).online) {
    if (Date.now() > deadline) throw new Error('the seat never went online');
    await new Promise((r) => setTimeout(r, 100));
  }

  // The desk's switches: fixed labels saying what they do; the position shows the state.
  await click(page, 'seat-desk-link');
  await page.waitForSelector(tid('seat-desk'));
  const auto = `desk-auto-${seat.id}`;
  await page.waitForSelector(`${tid(`seat-status-${seat.id}`)}[data-status="idle"]`);
  const labels = {
    online: await labelOf(page, `desk-online-${seat.id}`),
    dnd: await labelOf(page, `desk-dnd-${seat.id}`),
    auto: await labelOf(page, auto),
  };
  expect(labels).toEqual({
    online: '在线（接收转接和呼入来电）',
    dnd: '免打扰（暂停接收来电）',
    auto: '自动接听（来电立即接通）',
  });
  expect(await checkedOf(page, auto)).toBe(false);
  await click(page, auto);
  await page.waitForFunction(
    (sel) => (document.querySelector(sel) as HTMLInputElement)?.checked,
    {},
    tid(auto),
  );
  expect(await labelOf(page, auto)).toBe(labels.auto);
  expect((await seatState()).autoAnswer).toBe(true);
  await click(page, auto);
  await page.waitForFunction(
    (sel) => !(document.querySelector(sel) as HTMLInputElement)?.checked,
    {},
    tid(auto),
  );
  expect(await labelOf(page, auto)).toBe(labels.auto);
  expect(await labelOf(page, `desk-online-${seat.id}`)).toBe(labels.online);
  expect(await page.$(tid(`desk-go-online-${seat.id}`))).toBeNull();
  await page.close();
});

it('titles the pop-up by where the call comes from', async () => {
  const page = await newPage(env.b, true);
  await login(page, env.platform.url, 'operator01');
  await page.waitForSelector(tid('seat-desk-link'));
  const { live } = env.platform.server.deps;
  const offer = (origin: 'inbound' | 'transfer') => {
    const callUuid = randomUUID();
    live.toRooms([rooms.seat(seat.id)], 'seat:offer', {
      callUuid,
      seatId: seat.id,
      accountId: m1Id,
      card: {
        customerId: null,
        name: '',
        phoneMasked: maskPhone(CALLER),
        grade: null,
        tags: [],
        lastFollowUp: null,
      },
      transcript: [],
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
      // Shown as already connected: the pop-up can be closed without an answer.
      autoAnswered: true,
      origin,
    });
    return callUuid;
  };
  for (const [origin, title] of [
    ['inbound', '呼入来电'],
    ['transfer', '转人工'],
  ] as const) {
    const uuid = offer(origin);
    const dialog = `${tid('offer-dialog')}[data-call="${uuid}"]`;
    await page.waitForSelector(dialog);
    const shown = await page.$eval(dialog, (el) =>
      (el.closest('.bp6-dialog')?.querySelector('.bp6-dialog-header')?.textContent ?? '').trim(),
    );
    expect(shown).toBe(title);
    expect(await textOf(page, `${dialog} ${tid('offer-phone')}`)).toBe(maskPhone(CALLER));
    if (origin === 'inbound') await shot(page, 'seat-offer-inbound');
    await click(page, 'offer-close');
    await page.waitForSelector(dialog, { hidden: true });
  }
  await page.close();
});

it('creates the customer of an unknown inbound caller from the desk, and the card shows it', async () => {
  const k = env.platform.db.knex;
  if (!(await seatState()).online)
    await op.put<SeatStateDto>(`/api/seats/${seat.id}/state`, { online: true });
  // An inbound call the seat took, from a number no customer has: as the media worker records it.
  const uuid = randomUUID();
  const secret = env.platform.config.secretKey;
  await k('calls').insert({
    call_uuid: uuid,
    account_id: m1Id,
    bot_id: null,
    bot_version: null,
    direction: 'in',
    phone_masked: maskPhone(CALLER),
    phone_hash: phoneHash(secret, CALLER),
    phone_cipher: encryptSecret(secret, CALLER),
    status: 'answered',
    answered_at: k.fn.now(),
    transfer_outcome: 'accepted',
    transfer_seat_id: seat.id,
  });
  await k('seat_offers').insert({
    account_id: m1Id,
    call_uuid: uuid,
    seat_id: seat.id,
    answered_at: k.fn.now(),
  });
  await statesOf(env.platform.server.deps).markBusy(seat.id, uuid);

  const page = await newPage(env.b, true);
  await login(page, env.platform.url, 'operator01');
  await click(page, 'seat-desk-link');
  const onDesk = `${tid('desk-call')}[data-call="${uuid}"]`;
  await page.waitForSelector(onDesk);
  expect(await textOf(page, `${onDesk} ${tid('desk-call-origin')}`)).toBe('呼入');
  expect(await textOf(page, `${onDesk} ${tid('offer-phone')}`)).toBe(maskPhone(CALLER));
  // No raw ids anywhere on the desk.
  expect(await textOf(page, tid('seat-desk'))).not.toMatch(UUID_TEXT);
  expect(await textOf(page, tid('desk-no-customer'))).toContain('新建客户');

  await click(page, 'desk-new-customer');
  await page.waitForSelector(tid('customer-dialog'));
  expect(await textOf(page, tid('customer-phone-locked'))).toBe(maskPhone(CALLER));
  // The form's rules first: a name is needed.
  await click(page, 'customer-submit');
  await page.waitForSelector(tid('error-customer-name'));
  await fill(page, 'input-customer-name', '钱先生');
  await fill(page, 'input-customer-company', '某某置业');
  await shot(page, 'seat-desk-new-customer');
  await click(page, 'customer-submit');
  await page.waitForSelector(tid('customer-dialog'), { hidden: true });
  await waitForText(page, tid('desk-new-customer-saved'), '钱先生');
  await waitForText(page, `${onDesk} ${tid('offer-name')}`, '钱先生');
  expect(await page.$(tid('desk-no-customer'))).toBeNull();
  await page.waitForSelector(`${onDesk} #fu-details`);

  const customer = await k('customers')
    .where({ phone_hash: phoneHash(secret, CALLER) })
    .first();
  expect(customer).toMatchObject({
    account_id: String(m1Id),
    name: '钱先生',
    phone: CALLER,
    company: '某某置业',
  });
  expect((await k('calls').where({ call_uuid: uuid }).first('customer_id')).customer_id).toBe(customer.id);
  // The browser never saw the number.
  expect(await page.content()).not.toContain(CALLER);
  // Recent calls: the call, marked inbound.
  const row = `${tid('desk-recent-row')}[data-call="${uuid}"]`;
  await page.waitForSelector(row);
  expect(await textOf(page, `${row} ${tid('desk-recent-inbound')}`)).toBe('呼入');
  await shot(page, 'seat-desk-customer-created');
  await statesOf(env.platform.server.deps).markIdle(seat.id, uuid);
  await page.close();
});
